import { Link } from 'react-router';
import { Alert, Button } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** 404: the product is not (or no longer) sold here; the way back to the marketplace. */
export function ProductUnavailable({ message }: { message: string }) {
  const { t } = useTranslation('products');
  return (
    <Alert
      color="orange"
      variant="light"
      radius="lg"
      title={message}
      icon={<IconAlertCircle size={20} aria-hidden />}
      data-testid="product-unavailable"
    >
      <Button component={Link} to="/marketplace" variant="white" color="orange" mt="xs">
        {t('productDetails.backToMarketplace')}
      </Button>
    </Alert>
  );
}

import { Link } from 'react-router';
import { Button, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconArrowLeft, IconFileOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useOrderStatus } from '../api/get-order-status';

/**
 * The invoice is neither in the navigation state nor kept in this tab (opened in another tab,
 * the tab was closed, or the address was typed): say so, and lead back to the product the order
 * was for when the server still knows the order, else to the marketplace.
 */
export function InvoiceClosed({ orderID }: { orderID: string | null }) {
  const { t } = useTranslation('checkout');
  const status = useOrderStatus(orderID);
  const productID = status.data?.productID ?? null;

  return (
    <Paper withBorder radius="lg" p={{ base: 'lg', sm: 'xl' }} data-testid="invoice-closed">
      <Stack align="center" ta="center" gap="md">
        <ThemeIcon size={64} radius="xl" variant="light" color="gray" aria-hidden>
          <IconFileOff size={34} />
        </ThemeIcon>
        <Title order={1} fz={{ base: 22, sm: 28 }}>
          {t('closed.title')}
        </Title>
        <Text c="dimmed" maw={480}>
          {t('closed.text')}
        </Text>
        <Button
          component={Link}
          to={productID === null ? '/marketplace' : `/productdetails/${productID}`}
          leftSection={<IconArrowLeft size={18} aria-hidden />}
          loading={status.isLoading}
          data-testid="invoice-closed-link"
        >
          {productID === null ? t('closed.toMarketplace') : t('closed.backToProduct')}
        </Button>
      </Stack>
    </Paper>
  );
}

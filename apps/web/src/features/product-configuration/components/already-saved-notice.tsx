import { Link } from 'react-router';
import { Alert, Anchor, Text } from '@mantine/core';
import { IconBookmarkFilled } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { marketplaceMessages } from '@cloud-portal/contract/marketplace/marketplace-messages';
import { useContractMessages } from '@/lib/use-contract-messages';

/**
 * 'Already in your saved items', with the way there. The live region is always in the page, so
 * a screen reader hears the notice when it appears.
 */
export function AlreadySavedNotice({ isShown }: { isShown: boolean }) {
  const { t } = useTranslation('products');
  const { translateMessage } = useContractMessages('products', marketplaceMessages);
  return (
    <div role="status" aria-live="polite">
      {isShown && (
        <Alert
          mt="md"
          color="blue"
          variant="light"
          icon={<IconBookmarkFilled size={18} aria-hidden />}
          data-testid="already-saved"
        >
          <Text size="sm" fw={600}>
            {translateMessage(marketplaceMessages.alreadySaved)}
          </Text>
          {/* The theme's link colour is too light on the notice's tint: the darkest blue holds AA. */}
          <Anchor component={Link} to="/SavedItem" size="sm" fw={600} c="blue.9" underline="always">
            {t('savedItems.open')}
          </Anchor>
        </Alert>
      )}
    </div>
  );
}

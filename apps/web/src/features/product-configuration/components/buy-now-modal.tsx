import { Button, Group, Modal, Text } from '@mantine/core';
import { IconBookmark } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

type Props = {
  opened: boolean;
  onClose: () => void;
  onSave: () => void;
  isSaving: boolean;
};

/**
 * Buy Now with a valid choice: ordering is not open yet, so the page says so and offers to save
 * the configuration instead (it never pretends to take an order).
 */
export function BuyNowModal({ opened, onClose, onSave, isSaving }: Props) {
  const { t } = useTranslation('products');
  const { t: tCommon } = useTranslation();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('buyNow.title')}
      size="sm"
      attributes={{ content: { 'data-testid': 'buy-now-modal' } }}
    >
      <Text size="sm" mb="lg">
        {t('messages.orderingNotAvailable')}
      </Text>
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onClose} disabled={isSaving}>
          {tCommon('common.close')}
        </Button>
        <Button
          onClick={onSave}
          loading={isSaving}
          leftSection={<IconBookmark size={16} aria-hidden />}
          data-autofocus
        >
          {t('actions.saveForLater')}
        </Button>
      </Group>
    </Modal>
  );
}

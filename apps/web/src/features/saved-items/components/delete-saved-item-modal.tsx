import { Button, Group, Modal, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TSavedVm } from '@cloud-portal/contract/saved-items/saved-vm';

type Props = {
  opened: boolean;
  /** The item asked about (kept while the dialog closes). */
  item: TSavedVm | null;
  onClose: () => void;
  onConfirm: (item: TSavedVm) => void;
  isDeleting: boolean;
};

/** 'Delete this saved product?' Yes deletes it; No keeps it. */
export function DeleteSavedItemModal({ opened, item, onClose, onConfirm, isDeleting }: Props) {
  const { t } = useTranslation('products');
  return (
    <Modal
      opened={opened}
      onClose={() => {
        if (!isDeleting) onClose();
      }}
      title={t('savedItems.deleteQuestion')}
      size="sm"
      attributes={{ content: { 'data-testid': 'delete-saved-item-dialog' } }}
    >
      <Text size="sm" c="dimmed" mb="lg">
        {item ? t('savedItems.deleteText', { name: item.vmName }) : null}
      </Text>
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onClose} disabled={isDeleting} data-autofocus>
          {t('savedItems.no')}
        </Button>
        <Button
          color="red"
          onClick={() => item && onConfirm(item)}
          loading={isDeleting}
          disabled={isDeleting}
        >
          {t('savedItems.yes')}
        </Button>
      </Group>
    </Modal>
  );
}

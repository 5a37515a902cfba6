import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

type Props = {
  opened: boolean;
  title: string;
  body: string;
  confirmLabel: string;
  danger?: boolean;
  isPending: boolean;
  /** The failed attempt's text, shown in the dialog so the member can try again or cancel. */
  error: string | null;
  onConfirm: () => void;
  onClose: () => void;
};

/** Asks before a staff change takes effect; the change's failure stays in the dialog. */
export function ConfirmDialog({
  opened,
  title,
  body,
  confirmLabel,
  danger = false,
  isPending,
  error,
  onConfirm,
  onClose,
}: Props) {
  const { t } = useTranslation('operator');
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={title}
      centered
      closeButtonProps={{ 'aria-label': t('close') }}
    >
      <Stack gap="md">
        <Text size="sm">{body}</Text>
        {error && (
          <Alert color="red" role="alert" data-testid="confirm-error">
            {error}
          </Alert>
        )}
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onClose}>
            {t('cancel')}
          </Button>
          <Button color={danger ? 'red' : undefined} loading={isPending} onClick={onConfirm}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

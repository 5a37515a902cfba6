import type { ReactNode } from 'react';
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';

type Props = {
  opened: boolean;
  onClose: () => void;
  onConfirm: () => void;
  title: string;
  text: ReactNode;
  noLabel: string;
  yesLabel: string;
  isPending?: boolean;
  /** What went wrong with the last try, in the server's words; the dialog stays open. */
  error?: string | null;
  color?: 'red' | 'blue';
  testId: string;
};

/** A yes/no question (vm-lifecycle.md §2.11's confirm modals); No is focused first. */
export function ConfirmModal({
  opened,
  onClose,
  onConfirm,
  title,
  text,
  noLabel,
  yesLabel,
  isPending = false,
  error = null,
  color = 'red',
  testId,
}: Props) {
  return (
    <Modal
      opened={opened}
      onClose={() => {
        if (!isPending) onClose();
      }}
      title={title}
      size="sm"
      attributes={{ content: { 'data-testid': testId } }}
    >
      <Stack gap="md">
        <Text size="sm">{text}</Text>
        {error && (
          <Alert
            color="red"
            variant="light"
            icon={<IconAlertCircle size={18} aria-hidden />}
            role="alert"
            data-testid={`${testId}-error`}
          >
            <Text size="sm" c="red.9">
              {error}
            </Text>
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={isPending} data-autofocus>
            {noLabel}
          </Button>
          <Button color={color} onClick={onConfirm} loading={isPending} disabled={isPending}>
            {yesLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

import { Alert, Button, Group, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

type Props = { title: string; message: string; onRetry: () => void; isRetrying: boolean };

/** A section whose data could not be loaded: what failed, the server's reason, and a retry. */
export function QueryErrorAlert({ title, message, onRetry, isRetrying }: Props) {
  const { t } = useTranslation();
  return (
    <Alert
      color="red"
      variant="light"
      title={title}
      icon={<IconAlertCircle size={20} aria-hidden />}
      role="alert"
    >
      <Group justify="space-between" gap="sm">
        <Text size="sm">{message}</Text>
        <Button size="xs" variant="white" color="red" onClick={onRetry} loading={isRetrying}>
          {t('common.retry')}
        </Button>
      </Group>
    </Alert>
  );
}

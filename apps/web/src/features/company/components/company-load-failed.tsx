import { Button, Center, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCloudOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

type Props = { message: string; onRetry: () => void; isRetrying: boolean };

/** The site could not be loaded at all (server down, network gone): say so and offer a retry. */
export function CompanyLoadFailed({ message, onRetry, isRetrying }: Props) {
  const { t } = useTranslation();
  return (
    <Center component="main" mih="100dvh" p="md">
      <Stack align="center" gap="md" maw={480} ta="center">
        <ThemeIcon size={64} radius="xl" variant="light" color="red" aria-hidden>
          <IconCloudOff size={36} />
        </ThemeIcon>
        <Title order={1} size="h2">
          {t('company.loadFailedTitle')}
        </Title>
        <Text c="dimmed" role="alert">
          {message}
        </Text>
        <Button onClick={onRetry} loading={isRetrying}>
          {t('common.retry')}
        </Button>
      </Stack>
    </Center>
  );
}

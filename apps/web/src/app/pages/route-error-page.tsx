import { Button, Center, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

type Props = { withinLayout?: boolean };

/**
 * Shown when a page fails to render or its code cannot be loaded (for example after a new
 * release replaced the files): reloading fetches the current version. Within the layout it
 * replaces only the page; at the root it is the whole screen.
 */
export function RouteErrorPage({ withinLayout = false }: Props) {
  const { t } = useTranslation();
  return (
    <Center component={withinLayout ? 'div' : 'main'} mih={withinLayout ? 480 : '100dvh'} p="md">
      <Stack align="center" ta="center" gap="md" maw={480}>
        <ThemeIcon size={72} radius="xl" variant="light" color="red" aria-hidden>
          <IconAlertTriangle size={40} />
        </ThemeIcon>
        <Title order={1} size="h2">
          {t('routeError.title')}
        </Title>
        <Text c="dimmed">{t('routeError.text')}</Text>
        <Group justify="center">
          <Button onClick={() => window.location.reload()}>{t('routeError.reload')}</Button>
          <Button component="a" href="/home" variant="default">
            {t('common.backHome')}
          </Button>
        </Group>
      </Stack>
    </Center>
  );
}

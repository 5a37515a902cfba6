import { useEffect, type ReactNode } from 'react';
import { Box, Card, Container, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconShieldLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { LanguageSwitch } from '@/components/language-switch';

type Props = { title: string; description?: ReactNode; children: ReactNode; testId: string };

/** The frame of the console's sign-in and enrolment: the page's h1 and its steps on a card. */
export function OperatorAuthFrame({ title, description, children, testId }: Props) {
  const { t } = useTranslation('operator');
  useOperatorTitle(title);
  return (
    <Box component="main" id="main-content" py={{ base: 'lg', sm: 48 }} mih="100dvh" bg="gray.0">
      <Container size={520} px={{ base: 'sm', sm: 'md' }}>
        <Group justify="space-between" mb="md">
          <Text fw={700} c="dimmed" size="sm">
            {t('consoleName')}
          </Text>
          <LanguageSwitch />
        </Group>
        <Card withBorder radius="lg" shadow="sm" p={{ base: 'lg', sm: 'xl' }} data-testid={testId}>
          <Stack gap="lg">
            <Stack gap="xs" align="center" ta="center">
              <ThemeIcon size={48} radius="xl" variant="light" aria-hidden>
                <IconShieldLock size={28} />
              </ThemeIcon>
              <Title order={1} fz={{ base: 24, sm: 28 }}>
                {title}
              </Title>
              {description && (
                <Text c="dimmed" size="sm">
                  {description}
                </Text>
              )}
            </Stack>
            {children}
          </Stack>
        </Card>
      </Container>
    </Box>
  );
}

/** '<page> · <console>' in the tab. */
export function useOperatorTitle(title: string): void {
  const { t } = useTranslation('operator');
  useEffect(() => {
    document.title = `${title} · ${t('consoleName')}`;
  }, [title, t]);
}

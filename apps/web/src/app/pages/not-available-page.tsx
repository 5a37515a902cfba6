import { Link, useMatches } from 'react-router';
import { Badge, Button, Container, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconArrowLeft, IconHourglassHigh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { getRouteTitleKey } from '../route-handle';

/**
 * The one page for routes whose features come in later issues: it names the page, says plainly
 * that it is not available yet, and leads home.
 */
export function NotAvailablePage() {
  const { t } = useTranslation();
  const titleKey = getRouteTitleKey(useMatches());
  const pageName = titleKey ? t(`pages.${titleKey}`) : t('notAvailable.thisPage');

  return (
    <Container size="sm" py={{ base: 48, md: 96 }}>
      <Stack align="center" ta="center" gap="md">
        <ThemeIcon size={72} radius="xl" variant="light" aria-hidden>
          <IconHourglassHigh size={40} />
        </ThemeIcon>
        <Badge variant="light" size="lg">
          {t('notAvailable.badge')}
        </Badge>
        <Title order={1}>{pageName}</Title>
        <Text c="dimmed" size="lg">
          {t('notAvailable.text', { page: pageName })}
        </Text>
        <Button component={Link} to="/home" leftSection={<IconArrowLeft size={18} aria-hidden />}>
          {t('common.backHome')}
        </Button>
      </Stack>
    </Container>
  );
}

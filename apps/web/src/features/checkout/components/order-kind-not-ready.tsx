import { Link } from 'react-router';
import { Badge, Button, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconArrowLeft, IconHourglassHigh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/**
 * /purchasedetails/2 to 5 (clone or snapshot, renew, update, multi-renew): those orders are made
 * from the machines' own screens, which arrive with the virtual machines issue. Said plainly.
 */
export function OrderKindNotReady({ commingFrom }: { commingFrom: 2 | 3 | 4 | 5 }) {
  const { t } = useTranslation('checkout');
  return (
    <Paper withBorder radius="lg" p={{ base: 'lg', sm: 'xl' }} data-testid="order-kind-not-ready">
      <Stack align="center" ta="center" gap="md">
        <ThemeIcon size={64} radius="xl" variant="light" aria-hidden>
          <IconHourglassHigh size={34} />
        </ThemeIcon>
        <Badge variant="light">{t(`kinds.${commingFrom}`)}</Badge>
        <Title order={1} fz={{ base: 22, sm: 28 }}>
          {t('notReady.title')}
        </Title>
        <Text c="dimmed" maw={520}>
          {t('notReady.text')}
        </Text>
        <Button
          component={Link}
          to="/CustomerProfile/2"
          leftSection={<IconArrowLeft size={18} aria-hidden />}
        >
          {t('notReady.toMachines')}
        </Button>
      </Stack>
    </Paper>
  );
}

import { Link } from 'react-router';
import { Alert, Button, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** An address under /operator/tickets that names no ticket of this company. */
export function DeskNotFound() {
  const { t } = useTranslation('operator');
  return (
    <Alert color="gray" title={t('desk.notFoundTitle')} data-testid="desk-not-found">
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{t('desk.notFoundBody')}</Text>
        <Button component={Link} to="/operator/tickets" variant="light" size="xs">
          {t('desk.back')}
        </Button>
      </Stack>
    </Alert>
  );
}

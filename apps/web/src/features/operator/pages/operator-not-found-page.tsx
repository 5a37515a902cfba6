import { Link } from 'react-router';
import { Alert, Button, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useOperatorTitle } from '../components/operator-auth-frame';

/** /operator/<anything else>: said plainly, with the way back to the console's overview. */
export function OperatorNotFoundPage() {
  const { t } = useTranslation('operator');
  useOperatorTitle(t('notFound.title'));
  return (
    <Alert color="gray" title={t('notFound.title')} data-testid="operator-not-found">
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{t('notFound.body')}</Text>
        <Button component={Link} to="/operator" variant="light" size="xs">
          {t('forbidden.back')}
        </Button>
      </Stack>
    </Alert>
  );
}

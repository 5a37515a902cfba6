import { useEffect } from 'react';
import { Navigate } from 'react-router';
import { Loader, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconTool } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import {
  getMaintenanceInfo,
  isCompanyNotRegistered,
  useCompanyConfigurationQuery,
} from '../api/get-company-configuration';
import { COMPANY_NOT_REGISTERED_PATH } from '../components/company-gate';
import { StatusPageShell } from '../components/status-page-shell';
import { useMaintenanceRedirect } from '../components/use-maintenance-redirect';

/** How often the page asks whether the company is back. */
const POLL_INTERVAL_MS = 15_000;

/** /undermaintenanceMode: the company is closed for maintenance; back to /home when it answers. */
export function UnderMaintenancePage() {
  const { t } = useTranslation();
  const { data: configuration, error } = useCompanyConfigurationQuery({
    refetchInterval: POLL_INTERVAL_MS,
  });
  const maintenance = getMaintenanceInfo(error);
  useMaintenanceRedirect(maintenance?.maintenanceModeRedirect ?? null);

  useEffect(() => {
    document.title = t('maintenance.title');
  }, [t]);

  if (configuration && !error) return <Navigate to="/home" replace />;
  if (isCompanyNotRegistered(error)) return <Navigate to={COMPANY_NOT_REGISTERED_PATH} replace />;

  const message = maintenance?.maintenanceModeMsg?.trim() || t('maintenance.defaultMessage');
  return (
    <StatusPageShell companyName={maintenance?.companyName} imagePath={maintenance?.imagePath}>
      <Stack align="center" ta="center" gap="sm" py="md">
        <ThemeIcon size={72} radius="xl" variant="light" color="orange" aria-hidden>
          <IconTool size={40} />
        </ThemeIcon>
        <Title order={1} size="h2">
          {t('maintenance.title')}
        </Title>
        <Text style={{ whiteSpace: 'pre-line' }} data-testid="maintenance-message">
          {message}
        </Text>
        <Group gap="xs" c="dimmed" justify="center" role="status">
          <Loader size="xs" type="dots" aria-hidden />
          <Text size="sm" c="dimmed">
            {t('maintenance.checkingAgain')}
          </Text>
        </Group>
      </Stack>
    </StatusPageShell>
  );
}

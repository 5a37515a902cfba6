import { useEffect } from 'react';
import { Navigate } from 'react-router';
import { Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconBuildingOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { isCompanyConfigurationComplete } from '@cloud-portal/contract/company/company-rules';
import { getMaintenanceInfo, useCompanyConfigurationQuery } from '../api/get-company-configuration';
import { MAINTENANCE_PATH } from '../components/company-gate';
import { StatusPageShell } from '../components/status-page-shell';

/** Checked again now and then, so the page moves on by itself once the company is set up. */
const RECHECK_INTERVAL_MS = 30_000;

/** /companynotregisteryet: the 404 page of an origin without a (complete) company. */
export function CompanyNotRegisteredPage() {
  const { t } = useTranslation();
  const { data: configuration, error } = useCompanyConfigurationQuery({
    refetchInterval: RECHECK_INTERVAL_MS,
  });

  useEffect(() => {
    document.title = t('company.notRegisteredTitle');
  }, [t]);

  if (configuration && isCompanyConfigurationComplete(configuration)) {
    return <Navigate to="/home" replace />;
  }
  if (getMaintenanceInfo(error) !== null) return <Navigate to={MAINTENANCE_PATH} replace />;

  return (
    <StatusPageShell companyName={configuration?.companyName} imagePath={configuration?.imagePath}>
      <Stack align="center" ta="center" gap="sm" py="md">
        <ThemeIcon size={72} radius="xl" variant="light" aria-hidden>
          <IconBuildingOff size={40} />
        </ThemeIcon>
        <Text c="dimmed" fw={600} size="sm">
          {t('company.notFoundCode')}
        </Text>
        <Title order={1} size="h2">
          {t('company.notRegisteredTitle')}
        </Title>
        <Text c="dimmed">{t('company.notRegisteredText')}</Text>
      </Stack>
    </StatusPageShell>
  );
}

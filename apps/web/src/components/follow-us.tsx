import { Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useCompanyConfiguration } from '@/lib/company-configuration-context';
import { SocialLinks } from './social-links';

/** The company's social links under 'Follow us', on a light page. */
export function FollowUs() {
  const { t } = useTranslation();
  const configuration = useCompanyConfiguration();
  return (
    <Stack gap="xs">
      <Text fw={600}>{t('contact.followUs')}</Text>
      <SocialLinks configuration={configuration} tone="light" />
    </Stack>
  );
}

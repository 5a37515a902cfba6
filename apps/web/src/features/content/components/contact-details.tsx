import type { ReactNode } from 'react';
import { Anchor, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconClock, IconMail, IconMapPin, IconPhone } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { SocialLinks } from '@/components/social-links';
import { useCompanyConfiguration } from '@/lib/company-configuration-context';

/** Blank and 'NA' are no value (portal.md §3). */
function present(value: string | null | undefined): string | null {
  if (typeof value !== 'string') return null;
  const trimmed = value.trim();
  return trimmed === '' || trimmed.toUpperCase() === 'NA' ? null : trimmed;
}

/** portal.md §2 "Contact / Help": the company's phone, email, address and social links. */
export function ContactDetails() {
  const { t } = useTranslation('content');
  const configuration = useCompanyConfiguration();
  const phone = present(configuration.contactNo);
  const email = present(configuration.emailID);
  const addressLines = [configuration.officeAddress, configuration.city, configuration.country]
    .map(present)
    .filter((line): line is string => line !== null);

  return (
    <Stack gap="lg" data-testid="contact-details">
      <Title order={2} size="h3" id="contact-details-title">
        {t('help.detailsTitle')}
      </Title>
      <Stack gap="md">
        {phone && (
          <DetailRow icon={<IconPhone size={20} />} term={t('help.phone')}>
            <Anchor href={`tel:${phone.replace(/[^\d+]/g, '')}`} c="inherit" underline="hover">
              {phone}
            </Anchor>
          </DetailRow>
        )}
        {email && (
          <DetailRow icon={<IconMail size={20} />} term={t('help.email')}>
            <Anchor
              href={`mailto:${email}`}
              c="inherit"
              underline="hover"
              style={{ overflowWrap: 'anywhere' }}
            >
              {email}
            </Anchor>
          </DetailRow>
        )}
        {addressLines.length > 0 && (
          <DetailRow icon={<IconMapPin size={20} />} term={t('help.address')}>
            <Text component="span" style={{ whiteSpace: 'pre-line' }}>
              {addressLines.join('\n')}
            </Text>
          </DetailRow>
        )}
      </Stack>
      <Group wrap="nowrap" align="flex-start" gap="md">
        <ThemeIcon size={40} radius="md" variant="light" aria-hidden>
          <IconClock size={20} />
        </ThemeIcon>
        <Text size="sm" pt={8}>
          {t('help.hours')}
        </Text>
      </Group>
      <Stack gap="xs">
        <Text fw={600} id="contact-social-title">
          {t('help.followUs')}
        </Text>
        <SocialLinks configuration={configuration} tone="light" />
      </Stack>
    </Stack>
  );
}

type RowProps = { icon: ReactNode; term: string; children: ReactNode };

function DetailRow({ icon, term, children }: RowProps) {
  return (
    <Group wrap="nowrap" align="flex-start" gap="md">
      <ThemeIcon size={40} radius="md" variant="light" aria-hidden>
        {icon}
      </ThemeIcon>
      <div style={{ minWidth: 0 }}>
        <Text size="sm" c="dimmed" fw={500}>
          {term}
        </Text>
        <Text fw={500}>{children}</Text>
      </div>
    </Group>
  );
}

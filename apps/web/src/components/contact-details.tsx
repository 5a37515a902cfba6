import type { ReactNode } from 'react';
import { Anchor, Group, SimpleGrid, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconMail, IconMapPin, IconPhone } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useCompanyConfiguration } from '@/lib/company-configuration-context';
import { addressLines, presentValue } from '@/lib/present-value';

type Props = {
  /**
   * `list`: one under another, the address on its own lines; `grid`: side by side from small
   * screens on, the address on one line.
   */
  layout: 'list' | 'grid';
};

/** The company's phone, email and address (portal.md §2); what it has not given is left out. */
export function ContactDetails({ layout }: Props) {
  const { t } = useTranslation();
  const configuration = useCompanyConfiguration();
  const phone = presentValue(configuration.contactNo);
  const email = presentValue(configuration.emailID);
  const address = addressLines(configuration);

  const items = (
    <>
      {phone && (
        <ContactItem icon={<IconPhone size={20} />} term={t('contact.phone')}>
          <Anchor href={`tel:${phone.replace(/[^\d+]/g, '')}`} c="inherit" underline="hover">
            {phone}
          </Anchor>
        </ContactItem>
      )}
      {email && (
        <ContactItem icon={<IconMail size={20} />} term={t('contact.email')}>
          <Anchor href={`mailto:${email}`} c="inherit" underline="hover">
            {email}
          </Anchor>
        </ContactItem>
      )}
      {address.length > 0 && (
        <ContactItem icon={<IconMapPin size={20} />} term={t('contact.address')}>
          {layout === 'grid' ? (
            address.join(', ')
          ) : (
            <Text component="span" style={{ whiteSpace: 'pre-line' }}>
              {address.join('\n')}
            </Text>
          )}
        </ContactItem>
      )}
    </>
  );

  return layout === 'grid' ? (
    <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg">
      {items}
    </SimpleGrid>
  ) : (
    <Stack gap="md">{items}</Stack>
  );
}

type ItemProps = { icon: ReactNode; term: string; children: ReactNode };

function ContactItem({ icon, term, children }: ItemProps) {
  return (
    <Group wrap="nowrap" align="flex-start" gap="md">
      <ThemeIcon size={40} radius="md" variant="light" aria-hidden>
        {icon}
      </ThemeIcon>
      <div style={{ minWidth: 0 }}>
        <Text size="sm" c="dimmed" fw={500}>
          {term}
        </Text>
        <Text fw={500} style={{ overflowWrap: 'anywhere' }}>
          {children}
        </Text>
      </div>
    </Group>
  );
}

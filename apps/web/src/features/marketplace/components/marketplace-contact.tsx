import { Link } from 'react-router';
import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconMessage } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ContactDetails } from '@/components/contact-details';
import { FollowUs } from '@/components/follow-us';

/**
 * The marketplace's contact block (portal.md §2): the company's phone, email and address, its
 * social links, and "Write to us", which leads to the form on /help.
 */
export function MarketplaceContact() {
  const { t } = useTranslation('marketplace');

  return (
    <Paper
      component="section"
      aria-labelledby="marketplace-contact-title"
      withBorder
      radius="lg"
      p={{ base: 'lg', md: 'xl' }}
      mt={{ base: 48, md: 72 }}
      bg="gray.0"
      data-testid="marketplace-contact"
    >
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={2} id="marketplace-contact-title" fz={{ base: 22, md: 26 }}>
            {t('contact.title')}
          </Title>
          <Text c="dimmed">{t('contact.intro')}</Text>
        </Stack>
        <ContactDetails layout="grid" />
        <Group justify="space-between" align="flex-end" gap="lg">
          <FollowUs />
          <Button component={Link} to="/help" leftSection={<IconMessage size={18} aria-hidden />}>
            {t('contact.writeToUs')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

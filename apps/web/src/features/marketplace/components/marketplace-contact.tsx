import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Button, Grid, Paper, Stack, Text, Title } from '@mantine/core';
import { IconMessage } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ContactDetails } from '@/components/contact-details';
import { FollowUs } from '@/components/follow-us';

type Props = {
  /** The Write to us form, given by the app (features do not import each other). */
  writeToUsForm?: ReactNode;
};

/**
 * The marketplace's contact block (portal.md §2): the company's phone, email and address, its
 * social links, and Write to us — the form itself, or a link to it on /help without one.
 */
export function MarketplaceContact({ writeToUsForm }: Props) {
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
      <Grid gap={{ base: 'lg', md: 'xl' }}>
        <Grid.Col span={{ base: 12, md: writeToUsForm ? 6 : 12 }}>
          <Stack gap="lg">
            <Stack gap={4}>
              <Title order={2} id="marketplace-contact-title" fz={{ base: 22, md: 26 }}>
                {t('contact.title')}
              </Title>
              <Text c="dimmed">{t('contact.intro')}</Text>
            </Stack>
            <ContactDetails layout={writeToUsForm ? 'list' : 'grid'} />
            <FollowUs />
            {!writeToUsForm && (
              <Button
                component={Link}
                to="/help"
                leftSection={<IconMessage size={18} aria-hidden />}
                style={{ alignSelf: 'flex-start' }}
              >
                {t('contact.writeToUs')}
              </Button>
            )}
          </Stack>
        </Grid.Col>
        {writeToUsForm && (
          <Grid.Col span={{ base: 12, md: 6 }}>
            <Paper
              component="section"
              aria-labelledby="write-to-us-title"
              withBorder
              radius="lg"
              p={{ base: 'md', md: 'lg' }}
            >
              {/* The form names its heading by this id, here as on the Help page. */}
              <Title order={3} id="write-to-us-title" fz={20} mb="md">
                {t('contact.writeToUs')}
              </Title>
              {writeToUsForm}
            </Paper>
          </Grid.Col>
        )}
      </Grid>
    </Paper>
  );
}

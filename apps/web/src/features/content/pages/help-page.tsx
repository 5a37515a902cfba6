import { Box, Card, Container, Grid, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconClock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ContactDetails } from '@/components/contact-details';
import { FollowUs } from '@/components/follow-us';
import { PageHeader } from '@/components/page-header';
import { getCurrentLanguage } from '@/i18n/i18n';
import { useCompanyConfiguration } from '@/lib/company-configuration-context';
import { MembershipEnquiryForm } from '../components/membership-enquiry-form';
import { WriteToUsForm } from '../components/write-to-us-form';
import { describeSupportHours } from '../texts/support-hours';

/**
 * /help (portal.md §2 "Contact / Help", ADR 004): the company's contact details, support hours
 * (in its own time zone, ADR 014) and social links, the 'Write to us' form, and the CxO series
 * membership enquiry.
 */
export function HelpPage() {
  const { t, i18n } = useTranslation('content');
  const configuration = useCompanyConfiguration();
  const { companyName } = configuration;
  const hours = describeSupportHours(configuration, getCurrentLanguage(i18n.language));

  return (
    <>
      <PageHeader title={t('help.title')} description={t('help.intro')} />
      <Container size="xl" pb={{ base: 48, md: 72 }}>
        <Grid gap={{ base: 'lg', md: 'xl' }}>
          <Grid.Col span={{ base: 12, md: 5 }}>
            <Card
              component="section"
              aria-labelledby="contact-details-title"
              withBorder
              radius="lg"
              p={{ base: 'md', sm: 'xl' }}
              h="100%"
            >
              <Stack gap="lg" data-testid="contact-details">
                <Title order={2} size="h3" id="contact-details-title">
                  {t('help.detailsTitle')}
                </Title>
                <ContactDetails layout="list" />
                <Group wrap="nowrap" align="flex-start" gap="md">
                  <ThemeIcon size={40} radius="md" variant="light" aria-hidden>
                    <IconClock size={20} />
                  </ThemeIcon>
                  <Text size="sm" pt={8} data-testid="support-hours">
                    {t('help.hours', hours)}
                  </Text>
                </Group>
                <FollowUs />
              </Stack>
            </Card>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 7 }}>
            <Card
              component="section"
              aria-labelledby="write-to-us-title"
              withBorder
              radius="lg"
              p={{ base: 'md', sm: 'xl' }}
              shadow="xs"
              h="100%"
            >
              <Stack gap="xs" mb="md">
                <Title order={2} size="h3" id="write-to-us-title">
                  {t('help.writeTitle')}
                </Title>
                <Text c="dimmed">{t('help.writeIntro')}</Text>
              </Stack>
              <WriteToUsForm />
            </Card>
          </Grid.Col>
        </Grid>

        <Box component="section" aria-labelledby="membership-title" mt={{ base: 48, md: 72 }}>
          <Card withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} bg="gray.0">
            <Stack gap="xs" mb="lg" maw={720}>
              <Title order={2} size="h3" id="membership-title">
                {t('membership.title')}
              </Title>
              <Text c="dimmed">{t('membership.intro', { companyName })}</Text>
            </Stack>
            <MembershipEnquiryForm />
          </Card>
        </Box>
      </Container>
    </>
  );
}

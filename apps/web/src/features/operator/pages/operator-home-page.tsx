import { Link } from 'react-router';
import { Card, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useFormatDateTime } from '../components/format-date-time';
import { useOperatorTitle } from '../components/operator-auth-frame';
import { useOperatorMember } from '../components/operator-shell';

/**
 * /operator: who is signed in, for which company and role, until when, and the console's pages
 * this member may open.
 */
export function OperatorHomePage() {
  const { t } = useTranslation('operator');
  const member = useOperatorMember();
  const formatDateTime = useFormatDateTime();
  useOperatorTitle(t('nav.overview'));
  const pages = member.pages.filter((item) => item.key !== 'overview');

  return (
    <Stack gap="lg" maw={960}>
      <Stack gap={4}>
        <Title order={1} fz={{ base: 24, sm: 28 }}>
          {t('home.title', { name: member.staff.name })}
        </Title>
        <Text data-testid="operator-home-identity">
          {t('home.identity', {
            email: member.staff.email,
            role: t(`roles.${member.role}`),
            company: member.companyName,
          })}
        </Text>
        <Text size="sm" c="dimmed">
          {t('home.sessionEnds', { time: formatDateTime(member.expiresAt) })}
        </Text>
      </Stack>
      <section aria-labelledby="operator-home-pages">
        <Title order={2} fz="lg" mb="sm" id="operator-home-pages">
          {t('home.pagesTitle')}
        </Title>
        {pages.length === 0 && (
          <Text size="sm" c="dimmed" data-testid="operator-home-no-pages">
            {t('home.noPages')}
          </Text>
        )}
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
          {pages.map((item) => (
            <Card
              key={item.key}
              withBorder
              radius="md"
              component={Link}
              to={item.to}
              data-testid={`operator-home-${item.key}`}
            >
              <Text fw={600}>{t(`nav.${item.key}`)}</Text>
              <Text size="sm" c="dimmed" mt={4}>
                {t(`home.pages.${item.key}`)}
              </Text>
            </Card>
          ))}
        </SimpleGrid>
      </section>
    </Stack>
  );
}

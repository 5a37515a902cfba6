import { useMemo } from 'react';
import { Link, useLocation } from 'react-router';
import { Button, Card, Container, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconMailOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { messages } from '@cloud-portal/contract/validation/messages';
import { isApiError } from '@/lib/api-client';
import { useCompanyConfiguration } from '@/lib/company-configuration-context';
import { readLinkToken } from '@/lib/link-token';
import { useContractMessages } from '@/lib/use-contract-messages';
import { useUnsubscribeUser } from '../api/unsubscribe-user';

/**
 * /newsletter?token=… (portal.md §2): asks before unsubscribing; No goes home, 'Yes, Unsubscribe'
 * sends the link's token. A link without a token is refused without asking the server.
 */
export function NewsletterPage() {
  const { t } = useTranslation('content');
  const { t: tCommon } = useTranslation();
  const { companyName } = useCompanyConfiguration();
  const { search } = useLocation();
  const token = useMemo(() => readLinkToken(search), [search]);
  const unsubscribe = useUnsubscribeUser();
  const { translateMessage, translateError } = useContractMessages('content', messages);

  const state: 'ask' | 'done' | 'failed' =
    token === null || unsubscribe.isError ? 'failed' : unsubscribe.isSuccess ? 'done' : 'ask';

  return (
    <Container size="sm" py={{ base: 40, md: 80 }}>
      <Card withBorder radius="lg" padding="xl" shadow="sm">
        <Stack
          align="center"
          ta="center"
          gap="md"
          aria-live="polite"
          data-testid={`unsubscribe-${state}`}
        >
          {state === 'ask' && (
            <>
              <ThemeIcon size={64} radius="xl" variant="light" aria-hidden>
                <IconMailOff size={34} />
              </ThemeIcon>
              <Title order={1} size="h2">
                {t('unsubscribe.title')}
              </Title>
              <Text c="dimmed" maw={440}>
                {t('unsubscribe.question', { companyName })}
              </Text>
              <Group justify="center" gap="sm" mt="sm">
                <Button component={Link} to="/home" variant="default">
                  {t('unsubscribe.no')}
                </Button>
                <Button
                  color="red"
                  loading={unsubscribe.isPending}
                  disabled={unsubscribe.isPending}
                  onClick={() => token !== null && unsubscribe.mutate(token)}
                >
                  {t('unsubscribe.yes')}
                </Button>
              </Group>
            </>
          )}
          {state === 'done' && (
            <>
              <ThemeIcon size={64} radius="xl" variant="light" color="teal" aria-hidden>
                <IconCircleCheck size={34} />
              </ThemeIcon>
              <Title order={1} size="h2">
                {t('unsubscribe.doneTitle')}
              </Title>
              <Text maw={440}>{translateMessage(unsubscribe.data ?? messages.unsubscribed)}</Text>
              <Button component={Link} to="/home" mt="sm">
                {tCommon('common.backHome')}
              </Button>
            </>
          )}
          {state === 'failed' && (
            <>
              <ThemeIcon size={64} radius="xl" variant="light" color="red" aria-hidden>
                <IconAlertTriangle size={34} />
              </ThemeIcon>
              <Title order={1} size="h2">
                {t('unsubscribe.failedTitle')}
              </Title>
              <Text maw={440}>
                {token === null
                  ? translateMessage(messages.unsubscribeLinkInvalid)
                  : translateError(unsubscribe.error)}
              </Text>
              <Group justify="center" gap="sm" mt="sm">
                {token !== null && isRetryable(unsubscribe.error) && (
                  <Button variant="default" onClick={() => unsubscribe.mutate(token)}>
                    {tCommon('common.retry')}
                  </Button>
                )}
                <Button component={Link} to="/home">
                  {tCommon('common.backHome')}
                </Button>
              </Group>
            </>
          )}
        </Stack>
      </Card>
    </Container>
  );
}

/** A lost connection, a busy server or a rate limit is worth another try; a used link is not. */
function isRetryable(error: unknown): boolean {
  return (
    isApiError(error) && (error.isNetworkError || error.status === 429 || error.httpStatus >= 500)
  );
}

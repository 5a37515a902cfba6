import { useEffect, useMemo } from 'react';
import { Link, useSearchParams } from 'react-router';
import {
  Button,
  Card,
  Container,
  Group,
  Loader,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { IconLinkOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { messages } from '@cloud-portal/contract/validation/messages';
import { isApiError } from '@/lib/api-client';
import { rememberRedirectVmId } from '@/lib/redirect-vm-id';
import { useContractMessages } from '@/lib/use-contract-messages';
import { useCheckRedirect } from '../api/check-redirect';

/**
 * /redirect?url=…&vmId=… (portal.md §2 "Redirect helper page"). The server decides whether `url`
 * may be followed (this portal, the company's own sites and partners); anything else is refused,
 * so the page can never be used to send visitors elsewhere. A `sessionid` in the link is ignored
 * on purpose: taking a session from a URL would let anyone plant theirs on a visitor.
 */
export function RedirectPage() {
  const { t } = useTranslation('content');
  const { t: tCommon } = useTranslation();
  const { translateMessage, translateError } = useContractMessages('content', messages);
  const [searchParams] = useSearchParams();
  const url = useMemo(() => {
    const value = searchParams.get('url')?.trim() ?? '';
    return value === '' ? null : value;
  }, [searchParams]);
  const vmId = searchParams.get('vmId')?.trim() ?? '';
  const check = useCheckRedirect(url);

  useEffect(() => {
    if (vmId !== '') rememberRedirectVmId(vmId);
  }, [vmId]);

  const target = check.data?.url;
  useEffect(() => {
    if (target) window.location.replace(target);
  }, [target]);

  const isBlocked = url === null || check.isError;
  if (!isBlocked) {
    return (
      <Container size="sm" py={{ base: 64, md: 120 }}>
        <Stack
          align="center"
          gap="md"
          role="status"
          aria-live="polite"
          data-testid="redirect-checking"
        >
          <Loader size="lg" aria-hidden />
          <Text size="lg">{t('redirect.checking')}</Text>
        </Stack>
      </Container>
    );
  }

  const isRefused = url === null || (isApiError(check.error) && check.error.status === 403);
  const message =
    url === null
      ? t('redirect.missingText')
      : isRefused
        ? t('redirect.blockedText')
        : translateError(check.error);

  return (
    <Container size="sm" py={{ base: 40, md: 80 }}>
      <Card withBorder radius="lg" padding="xl" shadow="sm">
        <Stack align="center" ta="center" gap="md" data-testid="redirect-blocked">
          <ThemeIcon size={64} radius="xl" variant="light" color="red" aria-hidden>
            <IconLinkOff size={34} />
          </ThemeIcon>
          <Title order={1} size="h2">
            {isRefused ? translateMessage(messages.redirectNotAllowed) : tCommon('errors.generic')}
          </Title>
          <Text c="dimmed" maw={440} role="alert">
            {message}
          </Text>
          <Group justify="center" gap="sm">
            {!isRefused && (
              <Button
                variant="default"
                onClick={() => void check.refetch()}
                loading={check.isFetching}
              >
                {tCommon('common.retry')}
              </Button>
            )}
            <Button component={Link} to="/home">
              {tCommon('common.backHome')}
            </Button>
          </Group>
        </Stack>
      </Card>
    </Container>
  );
}

import { useState } from 'react';
import { Link, useParams } from 'react-router';
import {
  Alert,
  Anchor,
  Button,
  Container,
  EmptyState,
  Group,
  Paper,
  Skeleton,
  Stack,
  Tabs,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { IconArrowLeft, IconHeadset, IconTicketOff, IconUser } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type {
  TCustomerTicketMessage,
  TGetTicketDetailResponse,
} from '@cloud-portal/contract/tickets/customer-tickets';
import { FactList } from '@/components/fact-list';
import { PageHeader } from '@/components/page-header';
import { QueryErrorAlert } from '@/components/query-error-alert';
import { isApiError } from '@/lib/api-client';
import { useFormatDate } from '@/lib/format-date';
import { raiseTicketPath } from '@/lib/raise-ticket-link';
import { useTicketDetail } from '../api/ticket-detail';
import { ReplyForm } from '../components/reply-form';
import { TicketAttachments } from '../components/ticket-attachments';
import { readTicketId, TICKETS_TAB_PATH } from '../components/ticket-paths';
import { TicketStatusBadge } from '../components/ticket-status-badge';
import { useTicketMessages } from '../components/ticket-messages';

/**
 * /TicketDetails/{id} (vm-lifecycle.md §2.9): the Ticket Information and Ticket Response tabs,
 * and beyond the spec (issue 27) the whole conversation in order with its files, and a reply
 * while the ticket is not Resolved. A ticket that is not the customer's is "not found".
 */
export function TicketDetailsPage() {
  const { t } = useTranslation('tickets');
  const { id } = useParams();
  const ticketId = readTicketId(id);
  const detail = useTicketDetail(ticketId);
  const isNotFound =
    ticketId === null ||
    (detail.isError && isApiError(detail.error) && detail.error.httpStatus === 404);

  return (
    <>
      <PageHeader
        title={t('details.title')}
        description={isNotFound ? undefined : t('details.intro', { id: id ?? '' })}
        withBackLink={false}
      />
      <Container size="md" pb={{ base: 48, md: 72 }} px={{ base: 'sm', xs: 'md' }}>
        <Stack gap="lg">
          <BackToTickets />
          {isNotFound ? (
            <TicketNotFound id={id ?? ''} />
          ) : detail.isPending ? (
            <TicketLoading />
          ) : detail.isError ? (
            <TicketLoadError
              error={detail.error}
              onRetry={() => void detail.refetch()}
              isRetrying={detail.isFetching}
            />
          ) : (
            <TicketView detail={detail.data} />
          )}
        </Stack>
      </Container>
    </>
  );
}

function BackToTickets() {
  const { t } = useTranslation('tickets');
  return (
    <Anchor
      component={Link}
      to={TICKETS_TAB_PATH}
      size="sm"
      fw={500}
      underline="hover"
      style={{ alignSelf: 'flex-start' }}
      data-testid="ticket-back"
    >
      <Group gap={6} wrap="nowrap" component="span">
        <IconArrowLeft size={18} aria-hidden />
        {t('details.back')}
      </Group>
    </Anchor>
  );
}

function TicketLoading() {
  const { t } = useTranslation('tickets');
  return (
    <Stack gap="md" aria-busy="true" data-testid="ticket-loading">
      <VisuallyHidden>{t('details.loading')}</VisuallyHidden>
      <Skeleton height={36} width={320} maw="100%" radius="md" />
      <Skeleton height={180} radius="md" />
      <Skeleton height={120} radius="md" />
    </Stack>
  );
}

function TicketNotFound({ id }: { id: string }) {
  const { t } = useTranslation('tickets');
  return (
    <EmptyState
      icon={<IconTicketOff size={28} aria-hidden />}
      withIndicatorBackground
      title={t('details.notFoundTitle')}
      description={t('details.notFoundText', { id })}
      py="lg"
      data-testid="ticket-not-found"
    >
      <EmptyState.Actions>
        <Button component={Link} to={TICKETS_TAB_PATH} variant="light">
          {t('details.back')}
        </Button>
      </EmptyState.Actions>
    </EmptyState>
  );
}

function TicketLoadError({
  error,
  onRetry,
  isRetrying,
}: {
  error: unknown;
  onRetry: () => void;
  isRetrying: boolean;
}) {
  const { t } = useTranslation('tickets');
  const { translateError } = useTicketMessages();
  return (
    <QueryErrorAlert
      title={t('details.loadError')}
      message={translateError(error)}
      onRetry={onRetry}
      isRetrying={isRetrying}
    />
  );
}

function TicketView({ detail }: { detail: TGetTicketDetailResponse }) {
  const { t } = useTranslation('tickets');
  const { message } = useTicketMessages();
  const formatDate = useFormatDate();
  const [tab, setTab] = useState<string | null>('information');
  const { ticket, ticketResponse, websiteUrl } = detail;

  return (
    <Stack gap="xl" data-testid="ticket-details" data-ticket-id={ticket.ticketID}>
      <Paper withBorder radius="md">
        <Tabs value={tab} onChange={setTab} aria-label={t('details.tabsLabel')}>
          <Tabs.List grow>
            <Tabs.Tab value="information" data-testid="ticket-tab-information">
              {t('details.information')}
            </Tabs.Tab>
            <Tabs.Tab value="response" data-testid="ticket-tab-response">
              {t('details.response')}
            </Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="information" p={{ base: 'sm', sm: 'md' }}>
            <Stack gap="md" data-testid="ticket-information">
              <FactList
                variant="plain"
                cols={{ base: 1, xs: 2 }}
                spacing="md"
                verticalSpacing="sm"
                facts={[
                  {
                    label: t('details.date'),
                    value: (
                      <time dateTime={ticket.ticketDate}>{formatDate(ticket.ticketDate)}</time>
                    ),
                  },
                  { label: t('details.issueType'), value: ticket.issueType },
                  {
                    label: t('details.status'),
                    value: <TicketStatusBadge status={ticket.ticketStatus} />,
                  },
                  ...(ticket.vmName === null
                    ? []
                    : [{ label: t('details.vm'), value: ticket.vmName }]),
                ]}
              />
              <Stack gap={4}>
                <Text size="sm" c="dimmed">
                  {t('details.description')}
                </Text>
                <Text style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                  {ticket.description}
                </Text>
              </Stack>
              <Stack gap={4}>
                <Text size="sm" c="dimmed">
                  {t('details.attachments')}
                </Text>
                <TicketAttachments
                  attachments={ticket.attachments}
                  websiteUrl={websiteUrl}
                  showNone
                />
              </Stack>
            </Stack>
          </Tabs.Panel>
          <Tabs.Panel value="response" p={{ base: 'sm', sm: 'md' }}>
            {ticketResponse === null || ticketResponse.response.trim() === '' ? (
              <Text c="dimmed" data-testid="ticket-no-response">
                {message('noResponseYet')}
              </Text>
            ) : (
              <Stack gap="md" data-testid="ticket-response">
                <FactList
                  variant="plain"
                  cols={{ base: 1, xs: 2 }}
                  spacing="md"
                  verticalSpacing="sm"
                  facts={[
                    {
                      label: t('details.responseDate'),
                      value: (
                        <time dateTime={ticketResponse.responseDate}>
                          {formatDate(ticketResponse.responseDate)}
                        </time>
                      ),
                    },
                    {
                      label: t('details.status'),
                      value: <TicketStatusBadge status={ticketResponse.ticketStatus} />,
                    },
                  ]}
                />
                <Stack gap={4}>
                  <Text size="sm" c="dimmed">
                    {t('details.responseText')}
                  </Text>
                  <Text style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                    {ticketResponse.response}
                  </Text>
                </Stack>
                <TicketAttachments
                  attachments={ticketResponse.attachments}
                  websiteUrl={websiteUrl}
                />
              </Stack>
            )}
          </Tabs.Panel>
        </Tabs>
      </Paper>
      <Conversation messages={detail.messages} websiteUrl={websiteUrl} />
      {detail.canReply ? (
        <ReplyForm ticketId={ticket.ticketID} />
      ) : (
        <Alert color="green" variant="light" data-testid="ticket-resolved">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{t('details.resolvedNote')}</Text>
            <Button component={Link} to={raiseTicketPath(ticket.vmID)} size="xs" variant="white">
              {t('raise.title')}
            </Button>
          </Stack>
        </Alert>
      )}
    </Stack>
  );
}

function Conversation({
  messages,
  websiteUrl,
}: {
  messages: readonly TCustomerTicketMessage[];
  websiteUrl: string;
}) {
  const { t, i18n } = useTranslation('tickets');
  const formatDate = useFormatDate();
  const time = (value: string) =>
    new Date(value).toLocaleTimeString(i18n.language, { hour: '2-digit', minute: '2-digit' });
  return (
    <Stack component="section" gap="sm" aria-labelledby="ticket-conversation-title">
      <div>
        <Title order={2} size="h4" id="ticket-conversation-title">
          {t('details.conversation')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('details.conversationIntro')}
        </Text>
      </div>
      <Stack component="ol" gap="sm" m={0} p={0} style={{ listStyle: 'none' }}>
        {messages.map((entry) => {
          const isStaff = entry.authorKind === 'staff';
          const Icon = isStaff ? IconHeadset : IconUser;
          return (
            <li key={entry.ID}>
              <Paper
                component="article"
                withBorder
                radius="md"
                p={{ base: 'sm', sm: 'md' }}
                bg={isStaff ? 'blue.0' : undefined}
                ml={isStaff ? 0 : { base: 'md', sm: 'xl' }}
                mr={isStaff ? { base: 'md', sm: 'xl' } : 0}
                aria-labelledby={`ticket-message-${entry.ID}`}
                data-testid="ticket-message"
                data-author={entry.authorKind}
              >
                <Stack gap="xs">
                  <Group justify="space-between" gap="xs" wrap="wrap">
                    <Group gap={6} wrap="nowrap" id={`ticket-message-${entry.ID}`}>
                      <Icon size={18} aria-hidden />
                      <Text fw={600} size="sm" component="h3" m={0}>
                        {isStaff ? t('details.staff') : t('details.you')}
                      </Text>
                    </Group>
                    <Text size="xs" c="dimmed" component="time" dateTime={entry.createdAt}>
                      {formatDate(entry.createdAt)} {time(entry.createdAt)}
                    </Text>
                  </Group>
                  <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                    {entry.body}
                  </Text>
                  <TicketAttachments attachments={entry.attachments} websiteUrl={websiteUrl} />
                </Stack>
              </Paper>
            </li>
          );
        })}
      </Stack>
    </Stack>
  );
}

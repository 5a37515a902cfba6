import { useState } from 'react';
import { Link } from 'react-router';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  Loader,
  NativeSelect,
  SimpleGrid,
  Stack,
  Table,
  Tabs,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { TICKET_STATUSES } from '@cloud-portal/contract/tickets/ticket-rules';
import type { TDeskQueueRow } from '@cloud-portal/contract/tickets/ticket-desk';
import { DESK_QUEUE_ORDERS } from '@cloud-portal/contract/tickets/ticket-rules';
import { useConsoleMember } from '@/lib/operator-member';
import { deskQueueQueryOptions } from '../api/desk-api';
import { NO_QUEUE_FILTERS, type QueueFilters } from '../components/desk-queue-filters';
import { useDeskMessages } from '../components/desk-messages';
import { DeskStatusBadge } from '../components/desk-status-badge';
import { useAgeText } from '../components/use-age-text';

const ALL = 'all';

/** /operator/tickets: the queue by status and age, filtered, searched and paged. */
export function DeskQueuePage() {
  const { t } = useTranslation('operator');
  const { errorText } = useDeskMessages();
  const [filters, setFilters] = useState<QueueFilters>(NO_QUEUE_FILTERS);
  const [search, setSearch] = useState('');
  const [cursors, setCursors] = useState<(string | null)[]>([null]);
  const queue = useQuery(deskQueueQueryOptions(filters, cursors.at(-1) ?? null));

  const apply = (next: QueueFilters) => {
    setFilters(next);
    setCursors([null]);
  };

  return (
    <Stack gap="md">
      <Title order={1} fz={{ base: 24, sm: 28 }}>
        {t('desk.title')}
      </Title>
      <Tabs
        value={filters.status === '' ? ALL : filters.status}
        onChange={(value) =>
          apply({
            ...filters,
            status: value === null || value === ALL ? '' : (value as QueueFilters['status']),
          })
        }
      >
        <Tabs.List aria-label={t('desk.statusTabs')}>
          {TICKET_STATUSES.map((status) => (
            <Tabs.Tab key={status} value={status} data-testid={`desk-tab-${status}`}>
              {t(`desk.statuses.${status}`)}
            </Tabs.Tab>
          ))}
          <Tabs.Tab value={ALL}>{t('desk.all')}</Tabs.Tab>
        </Tabs.List>
      </Tabs>
      <form
        aria-label={t('desk.filters')}
        onSubmit={(event) => {
          event.preventDefault();
          apply({ ...filters, q: search });
        }}
      >
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
          <TextInput
            type="search"
            label={t('desk.search')}
            description={t('desk.searchHint')}
            value={search}
            onChange={(event) => setSearch(event.currentTarget.value)}
            data-testid="desk-search"
          />
          <NativeSelect
            label={t('desk.assignee')}
            value={filters.assignee}
            onChange={(event) =>
              apply({
                ...filters,
                assignee: event.currentTarget.value as QueueFilters['assignee'],
              })
            }
            data={[
              { value: '', label: t('desk.anyone') },
              { value: 'me', label: t('desk.me') },
              { value: 'unassigned', label: t('desk.unassigned') },
            ]}
          />
          <NativeSelect
            label={t('desk.order')}
            value={filters.order}
            onChange={(event) =>
              apply({ ...filters, order: event.currentTarget.value as QueueFilters['order'] })
            }
            data={DESK_QUEUE_ORDERS.map((order) => ({
              value: order,
              label: t(`desk.orders.${order}`),
            }))}
          />
        </SimpleGrid>
        <Group mt="sm" gap="xs">
          <Button type="submit">{t('desk.apply')}</Button>
          <Button
            variant="default"
            onClick={() => {
              setSearch('');
              apply({ ...filters, q: '', assignee: '', order: 'oldest' });
            }}
          >
            {t('desk.clear')}
          </Button>
        </Group>
      </form>

      {queue.isError && (
        <Alert color="red" role="alert">
          <Group justify="space-between">
            <Text size="sm">{errorText(queue.error)}</Text>
            <Button size="xs" variant="light" onClick={() => void queue.refetch()}>
              {t('retry')}
            </Button>
          </Group>
        </Alert>
      )}
      {queue.isPending ? (
        <Loader aria-label={t('loading')} />
      ) : queue.data ? (
        <>
          <QueueTable rows={queue.data.rows} busy={queue.isFetching} />
          <Group justify="space-between" role="group" aria-label={t('desk.paging')}>
            <Button
              variant="default"
              disabled={cursors.length < 2 || queue.isFetching}
              onClick={() => setCursors((current) => current.slice(0, -1))}
            >
              {t('desk.newer')}
            </Button>
            <Text size="sm" c="dimmed" aria-live="polite">
              {t('desk.pageNumber', { page: cursors.length })}
            </Text>
            <Button
              variant="default"
              disabled={queue.data.nextCursor === null || queue.isFetching}
              onClick={() => {
                const next = queue.data.nextCursor;
                if (next !== null) setCursors((current) => [...current, next]);
              }}
            >
              {t('desk.older')}
            </Button>
          </Group>
        </>
      ) : null}
    </Stack>
  );
}

function QueueTable({ rows, busy }: { rows: TDeskQueueRow[]; busy: boolean }) {
  const { t } = useTranslation('operator');
  const member = useConsoleMember();
  const ageText = useAgeText();
  if (rows.length === 0) {
    return (
      <Text c="dimmed" data-testid="desk-empty">
        {t('desk.empty')}
      </Text>
    );
  }
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table
        striped
        highlightOnHover
        verticalSpacing="xs"
        aria-busy={busy}
        data-testid="desk-queue"
      >
        <VisuallyHidden component="caption">{t('desk.queueCaption')}</VisuallyHidden>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('desk.columns.ticket')}</Table.Th>
            <Table.Th scope="col">{t('desk.columns.customer')}</Table.Th>
            <Table.Th scope="col">{t('desk.columns.issueType')}</Table.Th>
            <Table.Th scope="col">{t('desk.columns.status')}</Table.Th>
            <Table.Th scope="col">{t('desk.columns.age')}</Table.Th>
            <Table.Th scope="col">{t('desk.columns.updated')}</Table.Th>
            <Table.Th scope="col">{t('desk.columns.assignee')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.ticketID} data-testid="desk-row">
              <Table.Th scope="row">
                <Stack gap={2} align="flex-start">
                  <Anchor
                    component={Link}
                    to={`/operator/tickets/${row.ticketID}`}
                    aria-label={t('desk.open', { id: row.ticketID })}
                    fw={600}
                  >
                    #{row.ticketID}
                  </Anchor>
                  {row.lastAuthorKind === 'customer' && row.status !== 'Resolved' && (
                    <Badge
                      size="sm"
                      color="orange"
                      c="dark.8"
                      variant="dot"
                      title={t('desk.waitingHint')}
                      // A badge's label cuts itself short in a narrow cell; this one must be read whole.
                      miw="max-content"
                      data-testid="desk-waiting"
                    >
                      {t('desk.waiting')}
                    </Badge>
                  )}
                </Stack>
              </Table.Th>
              <Table.Td>
                <Text size="sm">{row.customer.name}</Text>
                <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                  {row.customer.email}
                </Text>
              </Table.Td>
              <Table.Td>{row.issueType}</Table.Td>
              <Table.Td>
                <DeskStatusBadge status={row.status} />
              </Table.Td>
              <Table.Td>
                <time dateTime={row.createdAt}>{ageText(row.createdAt)}</time>
              </Table.Td>
              <Table.Td>
                <time dateTime={row.updatedAt}>{ageText(row.updatedAt)}</time>
              </Table.Td>
              <Table.Td>
                {row.assigneeID === null
                  ? t('desk.unassigned')
                  : row.assigneeID === member.staff.id
                    ? t('desk.authorYou')
                    : t('desk.authorStaff', { id: row.assigneeID })}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Button, Card, Stack, Text, VisuallyHidden } from '@mantine/core';
import { IconTicketOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { TICKETS_PAGE_SIZE } from '@cloud-portal/contract/accounts/profile-page-sizes';
import type { TUserTicketRow } from '@cloud-portal/contract/tickets/customer-tickets';
import { ListSkeleton } from '@/components/list-skeleton';
import {
  PagedListBody,
  PagedListEmpty,
  PagedListFooter,
  usePagedList,
} from '@/components/paged-list';
import { useViewportQuery } from '@/lib/assumed-viewport';
import { useFormatDate } from '@/lib/format-date';
import { useUserTickets } from '../api/user-tickets';
import { ticketDetailsPath } from './ticket-paths';
import { TicketStatusBadge } from './ticket-status-badge';
import { useTicketMessages } from './ticket-messages';
import classes from './tickets-tab.module.css';

const WIDE_QUERY = '(min-width: 48em)';

type Props = {
  /** Raise New Ticket, for the empty list (the profile puts the same button above the tab). */
  raiseTicket?: ReactNode;
};

/**
 * vm-lifecycle.md §2.7 Tickets: one bar per ticket with its issue type, ticket ID, report date,
 * status (green when Resolved, red otherwise) and View to /TicketDetails/{ticketID}; newest first,
 * paged like the profile's other tabs.
 */
export function TicketsTab({ raiseTicket }: Props) {
  const { t } = useTranslation('tickets');
  const { translateError } = useTicketMessages();
  const { page, total, query, listRef, turnTo } = usePagedList(useUserTickets, TICKETS_PAGE_SIZE);
  const isWide = useViewportQuery(WIDE_QUERY);

  return (
    <Stack gap="md" ref={listRef} className={classes.root} data-testid="tickets-tab">
      <PagedListBody
        query={query}
        isReady
        errorTitle={t('tab.loadError')}
        translateError={translateError}
        loading={
          <ListSkeleton
            count={3}
            height={isWide ? 60 : 112}
            label={t('tab.loading')}
            testId="tickets-loading"
          />
        }
        empty={
          <PagedListEmpty
            icon={IconTicketOff}
            title={t('tab.emptyTitle')}
            text={t('tab.emptyText')}
            testId="tickets-empty"
            action={raiseTicket}
          />
        }
        className={classes.rows}
      >
        {(data) => (
          <Stack component="ul" gap="sm" className={classes.list} aria-label={t('tab.caption')}>
            {data.rows.map((row) => (
              <li key={row.ticketID}>
                <TicketBar row={row} />
              </li>
            ))}
          </Stack>
        )}
      </PagedListBody>
      <PagedListFooter
        page={page}
        pageSize={TICKETS_PAGE_SIZE}
        total={total}
        onChange={turnTo}
        isCompact={!isWide}
        testId="tickets"
        namespace="tickets"
        keyPrefix="tab"
      />
    </Stack>
  );
}

function TicketBar({ row }: { row: TUserTicketRow }) {
  const { t } = useTranslation('tickets');
  const formatDate = useFormatDate();
  const headingId = `ticket-${row.ticketID}`;
  return (
    <Card
      component="article"
      withBorder
      radius="md"
      padding="sm"
      aria-labelledby={headingId}
      data-testid="ticket-row"
      data-ticket-id={row.ticketID}
    >
      <div className={classes.bar}>
        <Text id={headingId} component="h3" fw={600} m={0} className={classes.title}>
          {row.issueType}
        </Text>
        <div className={classes.facts}>
          <Text size="sm" className={classes.id}>
            <Text span size="sm" c="dimmed">
              {t('tab.columns.ticketId')}
            </Text>{' '}
            <span className={classes.number} data-testid="ticket-id">
              {row.ticketID}
            </span>
          </Text>
          <Text size="sm" c="dimmed" className={classes.date}>
            <span className={classes.label}>{t('tab.columns.date')} </span>
            <time dateTime={row.ticketDate}>{formatDate(row.ticketDate)}</time>
          </Text>
        </div>
        <div className={classes.status}>
          <VisuallyHidden>{t('tab.columns.status')}: </VisuallyHidden>
          <TicketStatusBadge status={row.ticketStatus} />
        </div>
        <Button
          component={Link}
          to={ticketDetailsPath(row.ticketID)}
          size="xs"
          variant="light"
          className={classes.view}
          data-testid="ticket-view"
        >
          {t('tab.view')}
          <VisuallyHidden>
            {' '}
            {t('tab.viewOf', { id: row.ticketID, issueType: row.issueType })}
          </VisuallyHidden>
        </Button>
      </div>
    </Card>
  );
}

import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TicketStatus } from '@cloud-portal/contract/tickets/ticket-rules';
import classes from './desk-status-badge.module.css';

/** A ticket's status as the customer sees it: green when Resolved, red otherwise. */
export function DeskStatusBadge({ status }: { status: TicketStatus }) {
  const { t } = useTranslation('operator');
  const isResolved = status === 'Resolved';
  return (
    <Badge
      color={isResolved ? 'green' : 'red'}
      variant="light"
      c={isResolved ? undefined : 'red.9'}
      className={isResolved ? classes.resolved : undefined}
      // A badge's label cuts itself short in a narrow cell; a status must be read whole.
      miw="max-content"
      data-status={status}
      data-testid="desk-status"
    >
      {t(`desk.statuses.${status}`)}
    </Badge>
  );
}

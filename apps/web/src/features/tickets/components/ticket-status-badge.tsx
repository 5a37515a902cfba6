import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TicketStatus } from '@cloud-portal/contract/tickets/ticket-rules';
import classes from './ticket-status-badge.module.css';

/** vm-lifecycle.md §2.7, §7: a ticket's status, green when Resolved and red otherwise. */
export function TicketStatusBadge({ status }: { status: TicketStatus }) {
  const { t } = useTranslation('tickets');
  const color = status === 'Resolved' ? 'green' : 'red';
  return (
    <Badge
      color={color}
      variant="light"
      // The light variant's own text colour (shade 6) is below 4.5:1 on its tint.
      c={status === 'Resolved' ? undefined : `${color}.9`}
      className={status === 'Resolved' ? classes.resolved : undefined}
      data-status={status}
      data-testid="ticket-status"
    >
      {t(`statuses.${status}`)}
    </Badge>
  );
}

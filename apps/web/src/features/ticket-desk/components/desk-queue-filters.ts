import type { TicketStatus } from '@cloud-portal/contract/tickets/ticket-rules';
import type { DESK_QUEUE_ORDERS } from '@cloud-portal/contract/tickets/ticket-rules';

export type QueueFilters = {
  /** '' for every status. */
  status: TicketStatus | '';
  assignee: '' | 'me' | 'unassigned';
  order: (typeof DESK_QUEUE_ORDERS)[number];
  q: string;
};

export const NO_QUEUE_FILTERS: QueueFilters = {
  status: 'Open',
  assignee: '',
  order: 'oldest',
  q: '',
};

/** The queue call's query string: only what is set, the search trimmed. */
export function queueSearchParams(filters: QueueFilters, cursor: string | null): string {
  const params = new URLSearchParams();
  if (filters.status !== '') params.set('status', filters.status);
  if (filters.assignee !== '') params.set('assignee', filters.assignee);
  if (filters.order !== 'oldest') params.set('order', filters.order);
  const q = filters.q.trim();
  if (q !== '') params.set('q', q);
  if (cursor !== null) params.set('cursor', cursor);
  return params.toString();
}

/**
 * /operator/tickets/{id}: the ticket's id, null for the queue itself, or 'invalid' for anything
 * else under /operator/tickets (shown as not found).
 */
export function deskRouteOf(pathname: string): { ticketId: number } | 'queue' | 'invalid' {
  const rest = pathname
    .replace(/^\/operator\/tickets(?=\/|$)/i, '')
    .replace(/^\/+|\/+$/g, '')
    .split('/');
  if (rest.length === 1 && rest[0] === '') return 'queue';
  if (rest.length === 1 && /^[1-9]\d{0,9}$/.test(rest[0]!)) {
    const ticketId = Number(rest[0]);
    if (ticketId <= 2_147_483_647) return { ticketId };
  }
  return 'invalid';
}

/** How long ago, in the largest whole unit (at least a minute), for Intl.RelativeTimeFormat. */
export function ageOf(
  since: string,
  now: number,
): { value: number; unit: 'minute' | 'hour' | 'day' } | null {
  const start = Date.parse(since);
  if (Number.isNaN(start)) return null;
  const minutes = Math.max(0, Math.floor((now - start) / 60_000));
  if (minutes < 60) return { value: minutes, unit: 'minute' };
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return { value: hours, unit: 'hour' };
  return { value: Math.floor(hours / 24), unit: 'day' };
}

import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { TAuditPage } from '@cloud-portal/contract/operator/audit';
import { operatorGet } from '@/lib/operator-api';

export type AuditFilters = { action: string; staffId: string; from: string; to: string };

export const NO_AUDIT_FILTERS: AuditFilters = { action: '', staffId: '', from: '', to: '' };

/**
 * The query string of GET /api/operator/audit: the filters set, and the page's cursor. The form's
 * "to" day is included; the API's `to` is exclusive, so it is sent as the next day.
 */
export function auditSearch(filters: AuditFilters, cursor: string | null): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) {
    const trimmed = value.trim();
    if (trimmed === '') continue;
    search.set(key, key === 'to' ? nextDay(trimmed) : trimmed);
  }
  if (cursor !== null) search.set('cursor', cursor);
  return search.toString();
}

/** GET /api/operator/audit: the company's audit log, newest first, filtered and paged. */
export function auditQueryOptions(filters: AuditFilters, cursor: string | null) {
  const search = auditSearch(filters, cursor);
  return queryOptions({
    queryKey: ['operator', 'company', 'audit', search],
    queryFn: ({ signal }) => operatorGet<TAuditPage>(`audit${search ? `?${search}` : ''}`, signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

function nextDay(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return day;
  date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
}

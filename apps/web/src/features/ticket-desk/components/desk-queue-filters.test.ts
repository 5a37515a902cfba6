import { describe, expect, it } from 'vitest';
import { ageOf, deskRouteOf, NO_QUEUE_FILTERS, queueSearchParams } from './desk-queue-filters';

describe('queueSearchParams', () => {
  it('sends only what is set', () => {
    expect(queueSearchParams(NO_QUEUE_FILTERS, null)).toBe('status=Open');
    expect(
      queueSearchParams(
        { status: '', assignee: 'unassigned', order: 'newest', q: '  #12 ' },
        'abc',
      ),
    ).toBe('assignee=unassigned&order=newest&q=%2312&cursor=abc');
    expect(queueSearchParams({ ...NO_QUEUE_FILTERS, status: 'In Progress' }, null)).toBe(
      'status=In+Progress',
    );
  });
});

describe('deskRouteOf', () => {
  it('names the queue and a ticket', () => {
    expect(deskRouteOf('/operator/tickets')).toBe('queue');
    expect(deskRouteOf('/operator/tickets/')).toBe('queue');
    expect(deskRouteOf('/Operator/Tickets/42')).toEqual({ ticketId: 42 });
  });

  it('calls anything else invalid', () => {
    expect(deskRouteOf('/operator/tickets/0')).toBe('invalid');
    expect(deskRouteOf('/operator/tickets/abc')).toBe('invalid');
    expect(deskRouteOf('/operator/tickets/42/x')).toBe('invalid');
    expect(deskRouteOf('/operator/tickets/9999999999')).toBe('invalid');
  });
});

describe('ageOf', () => {
  const now = Date.parse('2026-11-28T12:00:00Z');
  it('takes the largest whole unit', () => {
    expect(ageOf('2026-11-28T11:59:30Z', now)).toEqual({ value: 0, unit: 'minute' });
    expect(ageOf('2026-11-28T11:15:00Z', now)).toEqual({ value: 45, unit: 'minute' });
    expect(ageOf('2026-11-28T09:00:00Z', now)).toEqual({ value: 3, unit: 'hour' });
    expect(ageOf('2026-11-25T11:00:00Z', now)).toEqual({ value: 3, unit: 'day' });
    expect(ageOf('not a date', now)).toBeNull();
  });
});

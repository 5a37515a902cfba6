import { describe, expect, it } from 'vitest';
import { consolePageOf } from './console-paths';

describe('consolePageOf', () => {
  it('names each page of the console', () => {
    expect(consolePageOf('/operator')).toEqual({ name: 'overview' });
    expect(consolePageOf('/operator/')).toEqual({ name: 'overview' });
    expect(consolePageOf('/operator/login')).toEqual({ name: 'login' });
    expect(consolePageOf('/Operator/Audit')).toEqual({ name: 'audit' });
    expect(consolePageOf('/operator/staff/')).toEqual({ name: 'staff' });
  });

  it('keeps the enrolment token as written', () => {
    expect(consolePageOf('/operator/enrol/AbC_-9')).toEqual({ name: 'enrol', token: 'AbC_-9' });
  });

  it('names the pages other features give the console', () => {
    expect(consolePageOf('/operator/tickets', ['tickets'])).toEqual({
      name: 'extra',
      segment: 'tickets',
    });
    // The given page reads the rest itself (a ticket of the desk).
    expect(consolePageOf('/operator/tickets/42', ['tickets'])).toEqual({
      name: 'extra',
      segment: 'tickets',
    });
  });

  it('calls anything else not found', () => {
    expect(consolePageOf('/operator/enrol')).toEqual({ name: 'notFound' });
    expect(consolePageOf('/operator/enrol/a/b')).toEqual({ name: 'notFound' });
    expect(consolePageOf('/operator/audit/1')).toEqual({ name: 'notFound' });
    expect(consolePageOf('/operator/tickets')).toEqual({ name: 'notFound' });
  });
});

import { describe, expect, it } from 'vitest';
import {
  raiseTicketPath,
  readRaiseTicketRequest,
  withoutRaiseTicketRequest,
} from './raise-ticket-link';

describe('raise ticket link', () => {
  it('opens the Tickets tab with the dialog, about a machine when named', () => {
    expect(raiseTicketPath()).toBe('/customerprofile/1?raiseTicket=1');
    expect(raiseTicketPath(42)).toBe('/customerprofile/1?raiseTicket=1&vm=42');
  });

  it('reads back what the link asks', () => {
    const read = (path: string) => readRaiseTicketRequest(new URL(path, 'https://x').searchParams);
    expect(read(raiseTicketPath(42))).toEqual({ vmId: 42 });
    expect(read(raiseTicketPath())).toEqual({ vmId: null });
    expect(read('/customerprofile/1')).toBeNull();
    expect(read('/customerprofile/1?raiseTicket=1&vm=abc')).toEqual({ vmId: null });
    expect(read('/customerprofile/1?raiseTicket=1&vm=0')).toEqual({ vmId: null });
  });

  it('leaves the other parameters when the request is taken away', () => {
    const params = new URLSearchParams('raiseTicket=1&vm=4&other=x');
    expect(withoutRaiseTicketRequest(params).toString()).toBe('other=x');
  });
});

import { describe, expect, it } from 'vitest';
import { attachmentHref } from './attachment-href';
import { readTicketId, ticketDetailsPath } from './ticket-paths';

describe('ticket paths', () => {
  it('reads a ticket id from the address, and nothing else', () => {
    expect(readTicketId('12')).toBe(12);
    expect(readTicketId(ticketDetailsPath(2_147_483_647).split('/').at(-1))).toBe(2_147_483_647);
    for (const value of [undefined, '', '0', '-1', '1.5', '12abc', '2147483648', '99999999999']) {
      expect(readTicketId(value)).toBeNull();
    }
  });

  it("prefixes an attachment's path with the call's websiteUrl (vm-lifecycle.md §2.9)", () => {
    expect(attachmentHref('https://portal.example', '/api/ticket/attachment/7')).toBe(
      'https://portal.example/api/ticket/attachment/7',
    );
    expect(attachmentHref('https://portal.example/', 'api/ticket/attachment/7')).toBe(
      'https://portal.example/api/ticket/attachment/7',
    );
  });
});

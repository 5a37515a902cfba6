import { describe, expect, it } from 'vitest';
import {
  MAX_TICKET_FILE_BYTES,
  checkTicketFiles,
  fileTooLarge,
  fileTooLargeKo,
  ticketTexts,
  ticketTextsKo,
} from './ticket-rules';

const image = (name: string, size = 1000, type = 'image/png') => ({ name, size, type });

describe('checkTicketFiles', () => {
  it('accepts up to four images or PDFs of at most 20 MB', () => {
    expect(
      checkTicketFiles([
        image('a.png'),
        image('b.jpg', MAX_TICKET_FILE_BYTES, 'image/jpeg'),
        image('c.pdf', 10, 'application/pdf'),
        image('d.webp', 10, ''),
      ]),
    ).toBeNull();
  });

  it('names the first problem', () => {
    expect(checkTicketFiles(Array.from({ length: 5 }, (_, i) => image(`${i}.png`)))).toEqual({
      problem: 'tooManyFiles',
    });
    expect(checkTicketFiles([image('big.png', MAX_TICKET_FILE_BYTES + 1)])).toEqual({
      problem: 'fileTooLarge',
      fileName: 'big.png',
    });
    expect(checkTicketFiles([image('x.svg', 10, 'image/svg+xml')])).toEqual({
      problem: 'fileTypeNotAllowed',
      fileName: 'x.svg',
    });
    expect(checkTicketFiles([image('empty.png', 0)])).toEqual({
      problem: 'fileEmpty',
      fileName: 'empty.png',
    });
  });
});

describe('ticket texts', () => {
  it("say the spec's messages", () => {
    expect(ticketTexts.issueTypeRequired).toBe('Please select Issue Type');
    expect(ticketTexts.descriptionRequired).toBe('Please Enter Description');
    expect(ticketTexts.ticketSubmitted).toBe('Ticket submitted successfully');
    expect(ticketTexts.noResponseYet).toBe('There is no response received yet from admin');
    expect(fileTooLarge('scan.pdf')).toBe('scan.pdf is more than 20 MB');
    expect(fileTooLargeKo('scan.pdf')).toContain('scan.pdf');
  });

  it('have a Korean text for every English one', () => {
    expect(Object.keys(ticketTextsKo).sort()).toEqual(Object.keys(ticketTexts).sort());
    for (const text of Object.values(ticketTextsKo)) expect(text.trim()).not.toBe('');
  });
});

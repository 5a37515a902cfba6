import { describe, expect, it } from 'vitest';
import {
  addTicketFiles,
  checkNewTicket,
  checkReply,
  fileSizeInMegabytes,
} from './ticket-form-checks';

const MB = 1024 * 1024;
const png = (name: string, size = 1000) => ({ name, size, type: 'image/png' });
const pdf = (name: string, size = 1000) => ({ name, size, type: 'application/pdf' });

describe('addTicketFiles', () => {
  it('adds images and PDFs up to four', () => {
    const { files, problems } = addTicketFiles([png('a.png')], [pdf('b.pdf'), png('c.png')]);
    expect(files.map((file) => file.name)).toEqual(['a.png', 'b.pdf', 'c.png']);
    expect(problems).toEqual([]);
  });

  it('leaves out a file over 20 MB with its name, and keeps the others', () => {
    const { files, problems } = addTicketFiles(
      [],
      [png('big.png', 20 * MB + 1), png('ok.png', 20 * MB)],
    );
    expect(files.map((file) => file.name)).toEqual(['ok.png']);
    expect(problems).toEqual([{ key: 'fileTooLarge', name: 'big.png' }]);
  });

  it('refuses a fifth file', () => {
    const current = [png('1.png'), png('2.png'), png('3.png')];
    const { files, problems } = addTicketFiles(current, [png('4.png'), png('5.png'), png('6.png')]);
    expect(files).toHaveLength(4);
    expect(files.at(-1)?.name).toBe('4.png');
    expect(problems).toEqual([{ key: 'tooManyFiles' }]);
  });

  it('refuses an empty file and one that is neither an image nor a PDF', () => {
    const { files, problems } = addTicketFiles(
      [],
      [png('empty.png', 0), { name: 'run.sh', size: 10, type: 'application/x-sh' }],
    );
    expect(files).toEqual([]);
    expect(problems).toEqual([
      { key: 'fileEmptyNamed', name: 'empty.png' },
      { key: 'fileTypeNamed', name: 'run.sh' },
    ]);
  });
});

describe('checkNewTicket', () => {
  it('asks for the issue type and the description', () => {
    expect(checkNewTicket({ issueType: null, description: '  ', files: [] })).toEqual({
      issueType: 'issueTypeRequired',
      description: 'descriptionRequired',
    });
  });

  it('passes a complete ticket', () => {
    expect(
      checkNewTicket({ issueType: 'Billing', description: 'Charged twice', files: [png('a.png')] }),
    ).toEqual({});
  });

  it('refuses a description over 5000 characters and five files', () => {
    const files = ['1', '2', '3', '4', '5'].map((name) => png(`${name}.png`));
    expect(checkNewTicket({ issueType: 'Billing', description: 'x'.repeat(5001), files })).toEqual({
      description: 'textTooLong',
      files: { key: 'tooManyFiles' },
    });
  });

  it('names a file over 20 MB', () => {
    expect(
      checkNewTicket({
        issueType: 'Billing',
        description: 'See the scan',
        files: [pdf('scan.pdf', 21 * MB)],
      }).files,
    ).toEqual({ key: 'fileTooLarge', name: 'scan.pdf' });
  });
});

describe('checkReply', () => {
  it('needs a message', () => {
    expect(checkReply({ message: ' ', files: [] })).toEqual({ message: 'messageRequired' });
    expect(checkReply({ message: 'Thanks', files: [] })).toEqual({});
  });
});

describe('fileSizeInMegabytes', () => {
  it('shows one decimal, nothing under 0.1 MB', () => {
    expect(fileSizeInMegabytes(1.25 * MB)).toBe('1.3');
    expect(fileSizeInMegabytes(50_000)).toBeNull();
  });
});

import fs from 'node:fs';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  MAX_TICKET_FILE_BYTES,
  TICKET_STATUSES,
  fileTooLarge,
  ticketTexts,
} from '@cloud-portal/contract/tickets/ticket-rules';
import { TICKETS_PAGE_SIZE } from '@cloud-portal/contract/tickets/customer-tickets';
import { mailOutbox } from '../../db/schema/mail';
import { ticketIssueTypes, ticketMessages, tickets } from '../../db/schema/tickets';
import { DEMO_TICKET_ISSUE_TYPES } from '../../seed/demo-ticket-issue-types';
import { createTestAppWithMail, MAIN_ORIGIN, SECOND_ORIGIN } from '../../../test/support/test-app';
import { multipartBody } from '../../../test/support/multipart';
import {
  getAs,
  postAs,
  signUpCustomer,
  type SignedInCustomer,
} from '../../../test/support/signed-in-customer';
import { insertVm } from '../../../test/support/lifecycle-fixtures';

let t: Awaited<ReturnType<typeof createTestAppWithMail>>;
let owner: SignedInCustomer;
let neighbour: SignedInCustomer;
let foreigner: SignedInCustomer;
let png: Buffer;
const pdf = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

beforeAll(async () => {
  t = await createTestAppWithMail();
  owner = await signUpCustomer(t);
  neighbour = await signUpCustomer(t);
  foreigner = await signUpCustomer(t, SECOND_ORIGIN);
  png = await sharp({
    create: { width: 4, height: 4, channels: 3, background: '#3366cc' },
  })
    .png()
    .toBuffer();
}, 60_000);
afterAll(() => t.close());

type FilePart = { filename: string; contentType: string; content: Buffer };

/** A multipart call as the customer's browser sends it (cookies, CSRF header, origin). */
function sendForm(
  customer: SignedInCustomer | null,
  url: string,
  fields: Record<string, string>,
  files: FilePart[] = [],
) {
  const body = multipartBody(
    fields,
    files.map((file) => ({ field: 'files', ...file })),
  );
  return t.app.inject({
    method: 'POST',
    url,
    payload: body.payload,
    headers: { origin: customer?.origin ?? MAIN_ORIGIN, ...customer?.csrf, ...body.headers },
    cookies: customer?.cookies ?? {},
  });
}

async function issueTypeIds(customer: SignedInCustomer): Promise<number[]> {
  const answer = await getAs(t.app, customer, '/api/ticket/getTicketIssueType');
  expect(answer.statusCode).toBe(200);
  return answer.json().data.map((row: { ID: number }) => row.ID);
}

async function raise(
  customer: SignedInCustomer,
  fields: Record<string, string> = {},
  files: FilePart[] = [],
) {
  const [issueType] = await issueTypeIds(customer);
  return sendForm(
    customer,
    '/api/ticket/generateTicket',
    { issueType: String(issueType), description: 'My machine does not boot', ...fields },
    files,
  );
}

const detail = (customer: SignedInCustomer, ticketID: number) =>
  postAs(t.app, customer, '/api/ticket/getTicketDetailByID', { ticketID });

/** Every file kept under DATA_DIR for ticket attachments. */
function storedFiles(): string[] {
  const root = path.join(t.config.dataDir, 'ticket-attachments');
  if (!fs.existsSync(root)) return [];
  return fs
    .readdirSync(root, { recursive: true, withFileTypes: true })
    .flatMap((entry) => (entry.isFile() ? [path.join(entry.parentPath, entry.name)] : []));
}

describe('GET /api/ticket/getTicketIssueType', () => {
  it("answers the site company's own issue types, in order", async () => {
    const main = await getAs(t.app, owner, '/api/ticket/getTicketIssueType');
    expect(main.json().data.map((row: { issueName: string }) => row.issueName)).toEqual(
      DEMO_TICKET_ISSUE_TYPES.demo,
    );
    const second = await getAs(t.app, foreigner, '/api/ticket/getTicketIssueType');
    expect(second.json().data.map((row: { issueName: string }) => row.issueName)).toEqual(
      DEMO_TICKET_ISSUE_TYPES['demo-two'],
    );
  });

  it('refuses a visitor (401)', async () => {
    expect((await getAs(t.app, null, '/api/ticket/getTicketIssueType')).statusCode).toBe(401);
  });
});

describe('POST /api/ticket/generateTicket', () => {
  // A customer of their own for each test: ten tickets a minute is the limit (tested below).
  let author: SignedInCustomer;
  beforeEach(async () => {
    author = await signUpCustomer(t);
  });

  it('raises a ticket with an image and a PDF, kept outside the web root under random names', async () => {
    const before = storedFiles().length;
    const answer = await raise(author, {}, [
      { filename: 'screen shot.png', contentType: 'image/png', content: png },
      { filename: '../../invoice.pdf', contentType: 'application/pdf', content: pdf },
    ]);
    expect(answer.statusCode).toBe(200);
    expect(answer.json().message).toBe(ticketTexts.ticketSubmitted);
    const { ticketID } = answer.json().data;

    const files = storedFiles();
    expect(files.length).toBe(before + 2);
    for (const file of files) {
      expect(path.basename(file)).toMatch(/^[0-9a-f]{32}$/);
      expect(file.startsWith(t.config.uploadsDir)).toBe(false);
    }

    const shown = (await detail(author, ticketID)).json().data;
    expect(shown.ticket).toMatchObject({
      ticketID,
      issueType: DEMO_TICKET_ISSUE_TYPES.demo![0],
      ticketStatus: 'Open',
      description: 'My machine does not boot',
      vmID: null,
    });
    expect(
      shown.ticket.attachments.map((file: { fileName: string; contentType: string }) => [
        file.fileName,
        file.contentType,
      ]),
    ).toEqual([
      ['screen shot.png', 'image/png'],
      ['invoice.pdf', 'application/pdf'],
    ]);
    expect(shown.ticketResponse).toBeNull();
    expect(shown.websiteUrl).toBe(MAIN_ORIGIN);
    expect(shown.canReply).toBe(true);

    const download = await getAs(t.app, author, shown.ticket.attachments[0].url);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('image/png');
    expect(download.headers['x-content-type-options']).toBe('nosniff');
    expect(download.headers['content-disposition']).toBe(
      `attachment; filename="screen shot.png"; filename*=UTF-8''screen%20shot.png`,
    );
    expect(download.rawPayload.equals(png)).toBe(true);
  });

  it('mails the company support address of a new ticket (nobody is assigned)', async () => {
    const answer = await raise(author, { description: 'Please call me back' });
    const { ticketID } = answer.json().data;
    const [mail] = await t.database.db
      .select()
      .from(mailOutbox)
      .where(
        and(
          eq(mailOutbox.kind, 'ticket-new'),
          eq(mailOutbox.subject, `New ticket #${ticketID}: ${DEMO_TICKET_ISSUE_TYPES.demo![0]}`),
        ),
      );
    expect(mail?.toAddress).toBe('support@nimbusafrica.example');
    const received = await t.smtp.waitFor(
      (delivered) =>
        delivered.to.includes('support@nimbusafrica.example') &&
        delivered.subject === mail?.subject,
    );
    expect(received.text).toContain('Please call me back');
    expect(received.replyTo).toBe(author.email);
  });

  it('keeps the machine the ticket is about when it is the customer’s own, and refuses anyone else’s (404)', async () => {
    const own = await insertVm(t.database.db, {
      companyId: author.companyId,
      customerId: author.id,
      endsAt: new Date(Date.now() + 86_400_000),
      name: 'web-01',
    });
    const theirs = await insertVm(t.database.db, {
      companyId: neighbour.companyId,
      customerId: neighbour.id,
      endsAt: new Date(Date.now() + 86_400_000),
    });
    const raised = await raise(author, { vmID: String(own.id) });
    expect(raised.statusCode).toBe(200);
    const shown = (await detail(author, raised.json().data.ticketID)).json().data;
    expect(shown.ticket).toMatchObject({ vmID: own.id, vmName: 'web-01' });

    const refused = await raise(author, { vmID: String(theirs.id) });
    expect(refused.statusCode).toBe(404);
    expect(refused.json().message).toBe(ticketTexts.vmNotFound);
  });

  it("refuses a missing issue type, another company's, and a missing description with the spec's messages", async () => {
    const noType = await sendForm(author, '/api/ticket/generateTicket', { description: 'x' });
    expect(noType.statusCode).toBe(400);
    expect(noType.json().data.errors).toContainEqual({
      field: 'issueType',
      message: ticketTexts.issueTypeRequired,
    });

    const [otherType] = await issueTypeIds(foreigner);
    const foreignType = await sendForm(author, '/api/ticket/generateTicket', {
      issueType: String(otherType),
      description: 'x',
    });
    expect(foreignType.statusCode).toBe(400);
    expect(foreignType.json().message).toBe(ticketTexts.issueTypeRequired);

    const [type] = await issueTypeIds(author);
    const noDescription = await sendForm(author, '/api/ticket/generateTicket', {
      issueType: String(type),
      description: '   ',
    });
    expect(noDescription.statusCode).toBe(400);
    expect(noDescription.json().data.errors).toContainEqual({
      field: 'description',
      message: ticketTexts.descriptionRequired,
    });
  });

  it('decides the type from the bytes: a script named .png is refused and nothing is kept', async () => {
    const before = storedFiles().length;
    const answer = await raise(author, {}, [
      {
        filename: 'cat.png',
        contentType: 'image/png',
        content: Buffer.from('#!/bin/sh\nrm -rf /\n'),
      },
    ]);
    expect(answer.statusCode).toBe(400);
    expect(answer.json().message).toBe(`cat.png: ${ticketTexts.fileTypeNotAllowed}`);
    const svg = await raise(author, {}, [
      {
        filename: 'logo.svg',
        contentType: 'image/svg+xml',
        content: Buffer.from(
          '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
        ),
      },
    ]);
    expect(svg.statusCode).toBe(400);
    expect(storedFiles().length).toBe(before);
  });

  it('refuses a fifth file and keeps none of the four', async () => {
    const before = storedFiles().length;
    const five = Array.from({ length: 5 }, (_, index) => ({
      filename: `shot-${index}.png`,
      contentType: 'image/png',
      content: png,
    }));
    const answer = await raise(author, {}, five);
    expect(answer.statusCode).toBe(400);
    expect(answer.json().message).toBe(ticketTexts.tooManyFiles);
    expect(storedFiles().length).toBe(before);
  });

  it("refuses a 21 MB file with '{file name} is more than 20 MB' and leaves nothing on disk", async () => {
    const before = storedFiles().length;
    const big = Buffer.alloc(21 * 1024 * 1024, 0);
    png.copy(big);
    const answer = await raise(author, {}, [
      { filename: 'huge.png', contentType: 'image/png', content: big },
    ]);
    expect(answer.statusCode).toBe(413);
    expect(answer.json().message).toBe(fileTooLarge('huge.png'));
    expect(answer.json().message).toBe('huge.png is more than 20 MB');
    expect(storedFiles().length).toBe(before);

    const exactly = Buffer.alloc(MAX_TICKET_FILE_BYTES, 0);
    png.copy(exactly);
    const accepted = await raise(author, {}, [
      { filename: 'limit.png', contentType: 'image/png', content: exactly },
    ]);
    expect(accepted.statusCode).toBe(200);
  }, 30_000);

  it('refuses a body that is not a form (415) and a visitor (401)', async () => {
    const json = await postAs(t.app, author, '/api/ticket/generateTicket', { issueType: 1 });
    expect(json.statusCode).toBe(415);
    const visitor = await sendForm(null, '/api/ticket/generateTicket', {
      issueType: '1',
      description: 'x',
    });
    expect(visitor.statusCode).toBe(401);
  });
});

describe('GET /api/ticket/getallUserTicket', () => {
  it("pages the customer's own tickets, newest first, and never anyone else's", async () => {
    const customer = await signUpCustomer(t);
    const [issueTypeId] = await issueTypeIds(customer);
    const base = Date.now() - 3_600_000;
    const ids: number[] = [];
    for (let index = 0; index < TICKETS_PAGE_SIZE + 2; index += 1) {
      const [row] = await t.database.db
        .insert(tickets)
        .values({
          companyId: customer.companyId,
          customerId: customer.id,
          issueTypeId: issueTypeId!,
          status: TICKET_STATUSES[index % 3],
          createdAt: new Date(base + index * 1000),
        })
        .returning({ id: tickets.id });
      ids.push(row!.id);
    }
    await raise(neighbour);

    const first = (await getAs(t.app, customer, '/api/ticket/getallUserTicket')).json().data;
    expect(first.total).toBe(TICKETS_PAGE_SIZE + 2);
    expect(first.pageSize).toBe(TICKETS_PAGE_SIZE);
    expect(first.rows).toHaveLength(TICKETS_PAGE_SIZE);
    expect(first.rows[0]).toMatchObject({
      ticketID: ids.at(-1),
      ticketStatus: TICKET_STATUSES[(TICKETS_PAGE_SIZE + 1) % 3],
    });
    const second = (await getAs(t.app, customer, '/api/ticket/getallUserTicket?page=2')).json()
      .data;
    expect(second.rows.map((row: { ticketID: number }) => row.ticketID)).toEqual([ids[1], ids[0]]);
    expect((await getAs(t.app, null, '/api/ticket/getallUserTicket')).statusCode).toBe(401);
    expect((await getAs(t.app, customer, '/api/ticket/getallUserTicket?page=0')).statusCode).toBe(
      400,
    );
  });
});

describe('a ticket is invisible to every other customer and company', () => {
  it('answers 404 to the same ids tried by another customer and by a customer of another company', async () => {
    const raised = await raise(owner, {}, [
      { filename: 'a.png', contentType: 'image/png', content: png },
    ]);
    const { ticketID } = raised.json().data;
    const attachment = (await detail(owner, ticketID)).json().data.ticket.attachments[0];

    for (const stranger of [neighbour, foreigner]) {
      const seen = await detail(stranger, ticketID);
      expect(seen.statusCode).toBe(404);
      expect(seen.json().message).toBe(ticketTexts.ticketNotFound);
      expect((await getAs(t.app, stranger, attachment.url)).statusCode).toBe(404);
      const reply = await sendForm(stranger, '/api/ticket/replyTicket', {
        ticketID: String(ticketID),
        message: 'let me in',
      });
      expect(reply.statusCode).toBe(404);
    }
    // The owner's cookies on the other company's site are refused before any lookup.
    const crossSite = await detail({ ...owner, origin: SECOND_ORIGIN }, ticketID);
    expect(crossSite.statusCode).toBe(403);
  });
});

describe('POST /api/ticket/replyTicket', () => {
  it('adds the reply to the conversation and mails the support address, until the ticket is Resolved (409)', async () => {
    const { ticketID } = (await raise(owner)).json().data;
    const reply = await sendForm(
      owner,
      '/api/ticket/replyTicket',
      { ticketID: String(ticketID), message: 'It still does not boot' },
      [{ filename: 'log.pdf', contentType: 'application/pdf', content: pdf }],
    );
    expect(reply.statusCode).toBe(200);
    expect(reply.json().message).toBe(ticketTexts.replySent);
    expect(reply.json().data).toMatchObject({
      authorKind: 'customer',
      body: 'It still does not boot',
    });

    const shown = (await detail(owner, ticketID)).json().data;
    expect(shown.messages.map((message: { body: string }) => message.body)).toEqual([
      'My machine does not boot',
      'It still does not boot',
    ]);
    expect(shown.messages[1].attachments[0].fileName).toBe('log.pdf');
    const mails = await t.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.subject, `Customer reply on ticket #${ticketID}`));
    expect(mails.map((mail) => mail.toAddress)).toEqual(['support@nimbusafrica.example']);

    const empty = await sendForm(owner, '/api/ticket/replyTicket', {
      ticketID: String(ticketID),
      message: '',
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe(ticketTexts.messageRequired);

    await t.database.db.update(tickets).set({ status: 'Resolved' }).where(eq(tickets.id, ticketID));
    const late = await sendForm(owner, '/api/ticket/replyTicket', {
      ticketID: String(ticketID),
      message: 'One more thing',
    });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(ticketTexts.ticketResolved);
    expect((await detail(owner, ticketID)).json().data.canReply).toBe(false);
    const count = await t.database.db
      .select()
      .from(ticketMessages)
      .where(eq(ticketMessages.ticketId, ticketID));
    expect(count).toHaveLength(2);
  });
});

describe('rate limit', () => {
  it('refuses an 11th ticket within a minute (429)', async () => {
    const customer = await signUpCustomer(t);
    const statuses: number[] = [];
    for (let index = 0; index < 11; index += 1)
      statuses.push((await raise(customer, { description: `ticket ${index}` })).statusCode);
    expect(statuses.slice(0, 10).every((status) => status === 200)).toBe(true);
    expect(statuses[10]).toBe(429);
    const kept = await t.database.db
      .select()
      .from(tickets)
      .where(eq(tickets.customerId, customer.id));
    expect(kept).toHaveLength(10);
  });
});

describe('issue types are kept by tickets', () => {
  it('a retired issue type leaves the drop-down and is refused for new tickets', async () => {
    const customer = await signUpCustomer(t);
    const [first, second] = await issueTypeIds(customer);
    await t.database.db
      .update(ticketIssueTypes)
      .set({ isActive: false })
      .where(eq(ticketIssueTypes.id, second!));
    try {
      expect(await issueTypeIds(customer)).not.toContain(second);
      const answer = await sendForm(customer, '/api/ticket/generateTicket', {
        issueType: String(second),
        description: 'x',
      });
      expect(answer.statusCode).toBe(400);
      expect(first).toBeDefined();
    } finally {
      await t.database.db
        .update(ticketIssueTypes)
        .set({ isActive: true })
        .where(eq(ticketIssueTypes.id, second!));
    }
  });
});

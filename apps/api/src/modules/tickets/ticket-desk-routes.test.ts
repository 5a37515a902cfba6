import type { AddressInfo } from 'node:net';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountTexts } from '@cloud-portal/contract/accounts/account-texts';
import { messages } from '@cloud-portal/contract/validation/messages';
import { ticketTexts } from '@cloud-portal/contract/tickets/ticket-rules';
import { DESK_QUEUE_PAGE_SIZE } from '@cloud-portal/contract/tickets/ticket-desk';
import { notifications } from '../../db/schema/accounts';
import { auditLog } from '../../db/schema/audit';
import { mailOutbox } from '../../db/schema/mail';
import { ticketIssueTypes, tickets } from '../../db/schema/tickets';
import { createTestAppWithMail, MAIN_ORIGIN, SECOND_ORIGIN } from '../../../test/support/test-app';
import { multipartBody } from '../../../test/support/multipart';
import {
  getAs,
  postAs,
  signUpCustomer,
  type SignedInCustomer,
} from '../../../test/support/signed-in-customer';
import { companyIdOf, insertCustomer, insertVm } from '../../../test/support/lifecycle-fixtures';
import {
  staffHeaders,
  testStaff,
  useTestStaff,
  type TestStaff,
} from '../../../test/support/test-staff';
import { sendAtOnce } from '../../../test/support/http-burst';

let t: Awaited<ReturnType<typeof createTestAppWithMail>>;
let customer: SignedInCustomer;
let mainCompany: number;
let secondCompany: number;
let support: TestStaff;
let readOnly: TestStaff;
let secondSupport: TestStaff;
let png: Buffer;

beforeAll(async () => {
  t = await createTestAppWithMail({}, { maxConnections: 12 });
  useTestStaff(t.app);
  customer = await signUpCustomer(t);
  mainCompany = await companyIdOf(t.database.db, MAIN_ORIGIN);
  secondCompany = await companyIdOf(t.database.db, SECOND_ORIGIN);
  support = testStaff(501, mainCompany, 'support');
  readOnly = testStaff(502, mainCompany, 'read-only');
  secondSupport = testStaff(601, secondCompany, 'support');
  png = await sharp({ create: { width: 2, height: 2, channels: 3, background: '#cc3333' } })
    .png()
    .toBuffer();
}, 60_000);
afterAll(() => t.close());

const asStaff = (staff: TestStaff | null, origin = MAIN_ORIGIN) => ({
  origin,
  ...(staff ? staffHeaders(staff) : {}),
});

const deskGet = (staff: TestStaff | null, url: string, origin = MAIN_ORIGIN) =>
  t.app.inject({ method: 'GET', url, headers: asStaff(staff, origin) });

const deskPost = (staff: TestStaff | null, url: string, payload: object, origin = MAIN_ORIGIN) =>
  t.app.inject({ method: 'POST', url, payload, headers: asStaff(staff, origin) });

function deskAnswer(
  staff: TestStaff | null,
  ticketID: number,
  message: string,
  files: { filename: string; contentType: string; content: Buffer }[] = [],
) {
  const body = multipartBody(
    { message },
    files.map((file) => ({ field: 'files', ...file })),
  );
  return t.app.inject({
    method: 'POST',
    url: `/api/operator/tickets/${ticketID}/answer`,
    payload: body.payload,
    headers: { ...asStaff(staff), ...body.headers },
  });
}

async function issueTypeOf(companyId: number): Promise<number> {
  const [type] = await t.database.db
    .select({ id: ticketIssueTypes.id })
    .from(ticketIssueTypes)
    .where(eq(ticketIssueTypes.companyId, companyId))
    .orderBy(ticketIssueTypes.position);
  return type!.id;
}

/** A ticket of the signed-in customer, raised through the customer call. */
async function raiseTicket(description = 'The console shows a black screen'): Promise<number> {
  const types = (await getAs(t.app, customer, '/api/ticket/getTicketIssueType')).json().data;
  const body = multipartBody({ issueType: String(types[0].ID), description });
  const answer = await t.app.inject({
    method: 'POST',
    url: '/api/ticket/generateTicket',
    payload: body.payload,
    headers: { origin: customer.origin, ...customer.csrf, ...body.headers },
    cookies: customer.cookies,
  });
  expect(answer.statusCode).toBe(200);
  return answer.json().data.ticketID;
}

let port: number | null = null;
/** The app on a real port, for requests that must really overlap. */
async function listeningPort(): Promise<number> {
  if (port === null) {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
  }
  return port;
}

const customerDetail = (ticketID: number) =>
  postAs(t.app, customer, '/api/ticket/getTicketDetailByID', { ticketID });

describe('who may use the desk', () => {
  it('answers 401 to a visitor and to a customer session, 401 to staff of another company, 403 without the key', async () => {
    const ticketID = await raiseTicket();
    expect((await deskGet(null, '/api/operator/tickets')).statusCode).toBe(401);
    const asCustomer = await getAs(t.app, customer, '/api/operator/tickets');
    expect(asCustomer.statusCode).toBe(401);
    // Staff of the second company on the main company's site.
    expect((await deskGet(secondSupport, '/api/operator/tickets')).statusCode).toBe(401);
    const noKey = await deskPost(readOnly, `/api/operator/tickets/${ticketID}/status`, {
      from: 'Open',
      status: 'Resolved',
    });
    expect(noKey.statusCode).toBe(403);
    expect(noKey.json().message).toBe(messages.notPermitted);
    const noAssign = await deskPost(readOnly, `/api/operator/tickets/${ticketID}/assign`, {
      assigneeID: 502,
    });
    expect(noAssign.statusCode).toBe(403);
    expect((await deskAnswer(readOnly, ticketID, 'hello')).statusCode).toBe(403);
    const noView = testStaff(503, mainCompany, ['tickets.reply']);
    expect((await deskGet(noView, `/api/operator/tickets/${ticketID}`)).statusCode).toBe(403);
    expect(accountTexts.notLoggedIn).toBe(
      (await deskGet(null, `/api/operator/tickets/${ticketID}`)).json().message,
    );
  });

  it("answers 404 for another company's ticket and its files, the same ids tried", async () => {
    const ticketID = await raiseTicket();
    await deskAnswer(support, ticketID, 'See the picture', [
      { filename: 'steps.png', contentType: 'image/png', content: png },
    ]);
    const shown = (await deskGet(support, `/api/operator/tickets/${ticketID}`)).json().data;
    const file = shown.messages[1].attachments[0];
    const download = await deskGet(support, file.url);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-disposition']).toContain('attachment;');
    expect(download.headers['x-content-type-options']).toBe('nosniff');

    const onTheirSite = (url: string) => deskGet(secondSupport, url, SECOND_ORIGIN);
    expect((await onTheirSite(`/api/operator/tickets/${ticketID}`)).statusCode).toBe(404);
    expect((await onTheirSite(file.url)).statusCode).toBe(404);
    const status = await deskPost(
      secondSupport,
      `/api/operator/tickets/${ticketID}/status`,
      { from: 'In Progress', status: 'Resolved' },
      SECOND_ORIGIN,
    );
    expect(status.statusCode).toBe(404);
    const queue = (await onTheirSite('/api/operator/tickets?status=In%20Progress')).json().data;
    expect(queue.rows.map((row: { ticketID: number }) => row.ticketID)).not.toContain(ticketID);
  });
});

describe('the queue', () => {
  it('pages by status and age with a keyset cursor, and searches by ticket id and customer', async () => {
    const issueTypeId = await issueTypeOf(mainCompany);
    const someone = await insertCustomer(t.database.db, mainCompany, {
      email: 'zanele.queue@example.co.za',
      firstName: 'Zanele',
      lastName: 'Queue',
    });
    const base = Date.UTC(2020, 0, 1);
    const ids: number[] = [];
    for (let index = 0; index < DESK_QUEUE_PAGE_SIZE + 5; index += 1) {
      const [row] = await t.database.db
        .insert(tickets)
        .values({
          companyId: mainCompany,
          customerId: someone.id,
          issueTypeId,
          status: 'Open',
          // Two tickets share each time: the cursor's id keeps them apart.
          createdAt: new Date(base + Math.floor(index / 2) * 1000 + 0.5),
        })
        .returning({ id: tickets.id });
      ids.push(row!.id);
    }
    const seen: number[] = [];
    let cursor: string | null = null;
    do {
      const url: string = `/api/operator/tickets?status=Open&order=oldest${cursor ? `&cursor=${cursor}` : ''}`;
      const page = (await deskGet(support, url)).json().data;
      seen.push(...page.rows.map((row: { ticketID: number }) => row.ticketID));
      cursor = page.nextCursor;
    } while (cursor);
    const ours = seen.filter((id) => ids.includes(id));
    expect(ours).toEqual(ids);
    expect(new Set(seen).size).toBe(seen.length);

    const byId = (await deskGet(support, `/api/operator/tickets?q=%23${ids[3]}`)).json().data;
    expect(byId.rows.map((row: { ticketID: number }) => row.ticketID)).toEqual([ids[3]]);
    const byEmail = (
      await deskGet(support, '/api/operator/tickets?q=zanele.queue&order=newest')
    ).json().data;
    expect(byEmail.rows).toHaveLength(DESK_QUEUE_PAGE_SIZE);
    expect(byEmail.rows[0]).toMatchObject({
      ticketID: ids.at(-1),
      customer: { name: 'Zanele Queue', email: 'zanele.queue@example.co.za' },
      assigneeID: null,
      lastAuthorKind: 'customer',
    });
    const wildcard = (await deskGet(support, '/api/operator/tickets?q=%25')).json().data;
    expect(wildcard.rows).toEqual([]);

    const resolved = (await deskGet(support, '/api/operator/tickets?status=Resolved')).json().data;
    expect(resolved.rows.every((row: { status: string }) => row.status === 'Resolved')).toBe(true);
    expect((await deskGet(support, '/api/operator/tickets?status=Closed')).statusCode).toBe(400);
    expect((await deskGet(support, '/api/operator/tickets?cursor=nonsense')).statusCode).toBe(400);
  });

  it('filters by assignee: me and unassigned', async () => {
    const ticketID = await raiseTicket();
    await deskPost(support, `/api/operator/tickets/${ticketID}/assign`, { assigneeID: support.id });
    const mine = (await deskGet(support, '/api/operator/tickets?assignee=me&order=newest')).json()
      .data;
    expect(mine.rows.map((row: { ticketID: number }) => row.ticketID)).toContain(ticketID);
    expect(mine.rows.every((row: { assigneeID: number }) => row.assigneeID === support.id)).toBe(
      true,
    );
    const unassigned = (
      await deskGet(support, '/api/operator/tickets?assignee=unassigned&order=newest')
    ).json().data;
    expect(unassigned.rows.map((row: { ticketID: number }) => row.ticketID)).not.toContain(
      ticketID,
    );
  });
});

describe('a ticket at the desk', () => {
  it('shows the customer, the machine and its state, and the whole conversation', async () => {
    const vm = await insertVm(t.database.db, {
      companyId: mainCompany,
      customerId: customer.id,
      endsAt: new Date(Date.now() + 86_400_000),
      name: 'db-01',
      status: 'shutoff',
      isBlocked: true,
    });
    const types = (await getAs(t.app, customer, '/api/ticket/getTicketIssueType')).json().data;
    const body = multipartBody({
      issueType: String(types[1].ID),
      description: 'db-01 is blocked',
      vmID: String(vm.id),
    });
    const raised = await t.app.inject({
      method: 'POST',
      url: '/api/ticket/generateTicket',
      payload: body.payload,
      headers: { origin: customer.origin, ...customer.csrf, ...body.headers },
      cookies: customer.cookies,
    });
    const { ticketID } = raised.json().data;
    const shown = (await deskGet(readOnly, `/api/operator/tickets/${ticketID}`)).json().data;
    expect(shown).toMatchObject({
      ticketID,
      issueType: types[1].issueName,
      status: 'Open',
      customer: { ID: customer.id },
      vm: { ID: vm.id, vmName: 'db-01', state: 'shutoff', isBlocked: true },
    });
    expect(shown.messages).toMatchObject([
      { authorKind: 'customer', authorID: customer.id, body: 'db-01 is blocked', internal: false },
    ]);
  });

  it('keeps internal notes from every customer call', async () => {
    const ticketID = await raiseTicket();
    const note = await deskPost(support, `/api/operator/tickets/${ticketID}/notes`, {
      body: 'SECRET: customer owes us money',
    });
    expect(note.statusCode).toBe(200);
    expect(note.json().data).toMatchObject({ internal: true, authorID: support.id });

    const desk = (await deskGet(support, `/api/operator/tickets/${ticketID}`)).json().data;
    expect(desk.messages.map((message: { internal: boolean }) => message.internal)).toEqual([
      false,
      true,
    ]);
    const calls = [
      await customerDetail(ticketID),
      await getAs(t.app, customer, '/api/ticket/getallUserTicket'),
    ];
    for (const call of calls) {
      expect(call.statusCode).toBe(200);
      expect(call.body).not.toContain('SECRET');
    }
    const shown = (await customerDetail(ticketID)).json().data;
    expect(shown.messages).toHaveLength(1);
    expect(shown.ticketResponse).toBeNull();
    // A note is not an answer: no bell, no mail.
    const bells = await t.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.customerId, customer.id));
    expect(bells.some((bell) => bell.detail.includes(`#${ticketID} `))).toBe(false);

    const [audit] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'tickets.note'), eq(auditLog.subjectId, String(ticketID))));
    expect(audit).toMatchObject({
      actorKind: 'staff',
      actorId: support.id,
      companyId: mainCompany,
    });

    const empty = await deskPost(support, `/api/operator/tickets/${ticketID}/notes`, { body: ' ' });
    expect(empty.statusCode).toBe(400);
  });

  it('answers with a file: the customer sees it, is told once by bell and by mail in their language', async () => {
    const ticketID = await raiseTicket();
    // The customer wrote in Korean: their answer is mailed in Korean.
    await t.database.db.update(tickets).set({ language: 'ko' }).where(eq(tickets.id, ticketID));
    const answer = await deskAnswer(support, ticketID, 'Please restart it from the console', [
      { filename: 'how-to.png', contentType: 'image/png', content: png },
    ]);
    expect(answer.statusCode).toBe(200);
    expect(answer.json().message).toBe(ticketTexts.answerSent);

    const shown = (await customerDetail(ticketID)).json().data;
    expect(shown.ticket.ticketStatus).toBe('In Progress');
    expect(shown.ticketResponse).toMatchObject({
      ticketStatus: 'In Progress',
      response: 'Please restart it from the console',
    });
    expect(shown.ticketResponse.attachments[0].fileName).toBe('how-to.png');
    expect(shown.messages[1]).toMatchObject({
      authorKind: 'staff',
      authorName: ticketTexts.supportTeam,
    });
    const download = await getAs(t.app, customer, shown.ticketResponse.attachments[0].url);
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(png)).toBe(true);

    const bells = await t.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.customerId, customer.id));
    expect(bells.filter((bell) => bell.detail.includes(`#${ticketID}(`))).toHaveLength(1);
    const mails = await t.database.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.kind, 'ticket-answered'), eq(mailOutbox.toAddress, customer.email)));
    const forThis = mails.filter((mail) => mail.subject.includes(`#${ticketID}`));
    expect(forThis).toHaveLength(1);
    expect(forThis[0]!.subject).toContain('답변');
    // The outbox drops a body once delivered: read it as the customer receives it.
    const received = await t.smtp.waitFor(
      (mail) => mail.to.includes(customer.email) && mail.subject.includes(`#${ticketID}`),
    );
    expect(received.text).toContain('Please restart it from the console');

    const [audit] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'tickets.reply'), eq(auditLog.subjectId, String(ticketID))));
    expect(audit).toMatchObject({
      actorKind: 'staff',
      actorId: support.id,
      before: { status: 'Open' },
      after: { status: 'In Progress' },
    });

    const refused = await deskAnswer(support, ticketID, 'script', [
      {
        filename: 'x.png',
        contentType: 'image/png',
        content: Buffer.from('<?php system($_GET[1]);'),
      },
    ]);
    expect(refused.statusCode).toBe(400);
    expect((await deskAnswer(support, 2_000_000_000, 'hello')).statusCode).toBe(404);
  });

  it('changes the status from the one seen, refuses a stale one (409), and audits it', async () => {
    const ticketID = await raiseTicket();
    const url = `/api/operator/tickets/${ticketID}/status`;
    const stale = await deskPost(support, url, { from: 'In Progress', status: 'Resolved' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({
      message: ticketTexts.statusChangedMeanwhile,
      data: { ticketID, status: 'Open' },
    });
    const listed = async () =>
      (await getAs(t.app, customer, '/api/ticket/getallUserTicket'))
        .json()
        .data.rows.find((row: { ticketID: number }) => row.ticketID === ticketID).ticketStatus;
    // Read (and cached) before the change: the customer's tab shows the change at once.
    expect(await listed()).toBe('Open');
    const resolved = await deskPost(support, url, { from: 'Open', status: 'Resolved' });
    expect(resolved.statusCode).toBe(200);
    expect(resolved.json().data).toMatchObject({ ticketID, status: 'Resolved' });
    const shown = (await customerDetail(ticketID)).json().data;
    expect(shown.ticket.ticketStatus).toBe('Resolved');
    expect(shown.canReply).toBe(false);
    expect(await listed()).toBe('Resolved');
    const audits = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'tickets.status'), eq(auditLog.subjectId, String(ticketID))));
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({ before: { status: 'Open' }, after: { status: 'Resolved' } });
    expect((await deskPost(support, url, { from: 'Open', status: 'Done' })).statusCode).toBe(400);
  });

  it('lets one of two members changing the status at once win', async () => {
    const ticketID = await raiseTicket();
    const other = testStaff(504, mainCompany, 'support');
    const port = await listeningPort();
    const change = (staff: TestStaff, status: string) => ({
      method: 'POST' as const,
      path: `/api/operator/tickets/${ticketID}/status`,
      body: { from: 'Open', status },
      headers: asStaff(staff),
    });
    const answers = await sendAtOnce(port, [
      change(support, 'Resolved'),
      change(other, 'In Progress'),
    ]);
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses).toEqual([200, 409]);
    const winner = (
      answers.find((answer) => answer.status === 200)!.json().data as { status: string }
    ).status;
    const [row] = await t.database.db.select().from(tickets).where(eq(tickets.id, ticketID));
    expect(row!.status).toBe(winner);
    const audits = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'tickets.status'), eq(auditLog.subjectId, String(ticketID))));
    expect(audits).toHaveLength(1);
  });

  it('assigns and unassigns, audited', async () => {
    const ticketID = await raiseTicket();
    const url = `/api/operator/tickets/${ticketID}/assign`;
    const assigned = await deskPost(support, url, { assigneeID: 777 });
    expect(assigned.statusCode).toBe(200);
    expect(assigned.json().data).toMatchObject({ ticketID, assigneeID: 777 });
    const unassigned = await deskPost(support, url, { assigneeID: null });
    expect(unassigned.json().data.assigneeID).toBeNull();
    const audits = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'tickets.assign'), eq(auditLog.subjectId, String(ticketID))))
      .orderBy(auditLog.id);
    expect(audits.map((audit) => [audit.before, audit.after])).toEqual([
      [{ assigneeID: null }, { assigneeID: 777 }],
      [{ assigneeID: 777 }, { assigneeID: null }],
    ]);
    expect((await deskPost(support, url, { assigneeID: 'me' })).statusCode).toBe(400);
    expect(
      (await deskPost(support, '/api/operator/tickets/2000000000/assign', { assigneeID: 1 }))
        .statusCode,
    ).toBe(404);
  });
});

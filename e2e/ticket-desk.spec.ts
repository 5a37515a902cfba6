import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import type { BrowserContext, Page } from 'playwright-core';
import { companies } from '../apps/api/src/db/schema/company';
import { tickets } from '../apps/api/src/db/schema/tickets';
import { createOwnerEnrolment } from '../apps/api/src/modules/operator/create-owner';
import { accessibilityViolations } from './support/accessibility';
import { newPage, pageErrors, screenshot } from './support/browser';
import { useLanguage } from './support/language';
import { closeStage, loggedInPage, openStage, type Stage } from './support/stage';

/**
 * Issue 27, the ticket desk: a customer raises a ticket with a file; the owner the CLI makes
 * enrols, opens the desk at 1024 px, finds the ticket waiting, answers with a file, adds an
 * internal note and resolves it; the customer's /TicketDetails shows the answer and the green
 * Resolved, never the note, and the answer's mail arrived. axe on the queue and the ticket.
 */

// A real 1×1 PNG: the server decides a file's type from its bytes.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const CONSOLE_1024 = { width: 1024, height: 800 };
const OWNER = { email: 'e2e-desk-owner@example.com', name: 'Dora Desk', password: 'Own3r#Desk' };
const ANSWER = 'We restarted the host; your machine boots again.';
const NOTE = 'Host 7 had a stuck disk controller.';

let stage: Stage;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  stage = await openStage();
});

afterAll(async () => {
  await closeStage(stage ?? {}, ...contexts);
});

const field = (page: Page, label: string) => page.getByLabel(new RegExp(`^${label}( \\*)?$`));

function totpCode(secret: string): string {
  return new TOTP({
    algorithm: 'SHA1',
    digits: 6,
    period: 30,
    secret: Secret.fromBase32(secret),
  }).generate();
}

/** The owner's link as `npm run operator:create` makes it, used: name, password, TOTP. */
async function enrolOwner(page: Page): Promise<void> {
  const { portal } = stage;
  const [company] = await portal.database.db
    .select({ id: companies.id })
    .from(companies)
    .where(eq(companies.slug, 'demo'));
  const { url } = await createOwnerEnrolment(portal.database.db, company!.id, OWNER.email);
  await page.goto(url);
  await page.getByLabel('Your name').fill(OWNER.name);
  await field(page, 'New password').fill(OWNER.password);
  await field(page, 'Confirm password').fill(OWNER.password);
  await page.getByRole('button', { name: 'Continue' }).click();
  const secretField = page.getByTestId('totp-secret');
  await secretField.waitFor();
  const secret = (await secretField.textContent())!.replace(/\s+/g, '');
  await page.getByLabel('6-digit code').fill(totpCode(secret));
  await page.getByRole('button', { name: 'Confirm' }).click();
  await page.getByTestId('recovery-codes').waitFor();
  await page.getByLabel('I have saved my recovery codes').check();
  await page.getByRole('button', { name: 'Go to the console' }).click();
  await page.waitForURL(/\/operator$/);
}

/** The customer raises a ticket with one PNG through Raise New Ticket; answers its ID. */
async function raiseTicket(page: Page): Promise<number> {
  await page.goto(`${stage.portal.url}/customerprofile/1`);
  await page.getByTestId('raise-ticket').first().click();
  const modal = page.getByTestId('raise-ticket-modal');
  await modal.waitFor();
  await modal
    .getByTestId('raise-ticket-files-input')
    .setInputFiles([{ name: 'boot-error.png', mimeType: 'image/png', buffer: PNG }]);
  await expect.poll(() => modal.getByTestId('raise-ticket-files-file').count()).toBe(1);
  await modal.getByTestId('raise-ticket-issue-type').click();
  await page.getByRole('listbox').getByRole('option').first().click();
  await modal.getByTestId('raise-ticket-description').fill('My machine does not boot.');
  const answer = page.waitForResponse((response) =>
    response.url().endsWith('/api/ticket/generateTicket'),
  );
  await modal.getByTestId('raise-ticket-submit').click();
  const body = (await (await answer).json()) as { status: number; data: { ticketID: number } };
  expect(body.status).toBe(200);
  await modal.waitFor({ state: 'hidden' });
  return body.data.ticketID;
}

describe('the ticket desk', () => {
  it('lets the owner answer with a file, note and resolve a ticket; the customer sees the answer, never the note', async () => {
    const { portal, customer } = stage;
    const customerOpened = await loggedInPage(stage, { viewport: CONSOLE_1024 }, 'en');
    contexts.push(customerOpened.context);
    const customerPage = customerOpened.page;
    const ticketId = await raiseTicket(customerPage);

    const { context, page } = await newPage(stage.browser, { viewport: CONSOLE_1024 });
    contexts.push(context);
    const errors = pageErrors(page);
    await enrolOwner(page);

    // The queue: Open tickets, oldest first, the new one marked as waiting for staff.
    await page
      .getByRole('navigation', { name: 'Console' })
      .getByRole('link', { name: 'Ticket desk' })
      .click();
    await page.waitForURL(/\/operator\/tickets$/);
    await page.getByTestId('desk-queue').waitFor();
    await page.getByTestId('desk-search').fill(`#${ticketId}`);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    const row = page.getByTestId('desk-row').filter({ hasText: `#${ticketId}` });
    await expect.poll(() => page.getByTestId('desk-row').count()).toBe(1);
    expect(await row.textContent()).toContain(customer.email);
    await row.getByTestId('desk-waiting').waitFor();
    expect(await row.getByTestId('desk-status').getAttribute('data-status')).toBe('Open');
    expect(await accessibilityViolations(page)).toEqual([]);
    await screenshot(page, 'ticket-desk-queue-1024');

    // A search for no ticket says so.
    await page.getByTestId('desk-search').fill('#999999');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.getByTestId('desk-empty').waitFor();
    await page.getByTestId('desk-search').fill(`#${ticketId}`);
    await page.getByRole('button', { name: 'Search', exact: true }).click();

    await page.getByRole('link', { name: `Open ticket #${ticketId}` }).click();
    await page.waitForURL(new RegExp(`/operator/tickets/${ticketId}$`));
    const ticket = page.getByTestId('desk-ticket');
    await ticket.waitFor();
    expect(await ticket.textContent()).toContain(customer.email);
    expect(await page.getByTestId('desk-attachment').allTextContents()).toEqual(['boot-error.png']);

    // The answer, with a file.
    await page.getByTestId('desk-answer-text').fill(ANSWER);
    await page
      .getByTestId('desk-answer-files-input')
      .setInputFiles([{ name: 'host-report.png', mimeType: 'image/png', buffer: PNG }]);
    const mailsBefore = portal.mail.mails.length;
    await page.getByTestId('desk-answer-send').click();
    await page.getByText('Answer sent to the customer').waitFor();
    await expect.poll(() => page.getByTestId('desk-message').count()).toBe(2);
    expect(
      await page
        .getByTestId('desk-message')
        .nth(1)
        .getByTestId('desk-attachment')
        .allTextContents(),
    ).toEqual(['host-report.png']);
    // Answering an Open ticket puts it In Progress.
    await expect
      .poll(() => ticket.getByTestId('desk-status').first().getAttribute('data-status'))
      .toBe('In Progress');

    // The internal note, marked as such.
    await page.getByTestId('desk-note-text').fill(NOTE);
    await page.getByTestId('desk-note-send').click();
    await page.getByText('Internal note added').waitFor();
    const note = page.getByTestId('desk-note');
    await note.waitFor();
    expect(await note.textContent()).toContain(NOTE);
    expect(await note.getByTestId('desk-internal-mark').textContent()).toBe('Internal');

    // Someone else puts it back to Open meanwhile: the change sent with the status seen (In
    // Progress) is refused, the ticket is reloaded and the member is told; then it goes through.
    await portal.database.db
      .update(tickets)
      .set({ status: 'Open' })
      .where(eq(tickets.id, ticketId));
    await page.getByTestId('desk-status-select').selectOption('Resolved');
    await page.getByTestId('desk-status-save').click();
    await page
      .getByText('Someone else changed this ticket meanwhile: it has been reloaded')
      .waitFor();
    await expect
      .poll(() => ticket.getByTestId('desk-status').first().getAttribute('data-status'))
      .toBe('Open');
    await page.getByTestId('desk-status-save').click();
    await page.getByText('Status changed', { exact: true }).waitFor();
    await expect
      .poll(() => ticket.getByTestId('desk-status').first().getAttribute('data-status'))
      .toBe('Resolved');
    expect(await accessibilityViolations(page)).toEqual([]);
    await screenshot(page, 'ticket-desk-ticket-1024');

    // At 360 px the queue and the ticket still read and work (the table scrolls sideways).
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto(`${portal.url}/operator/tickets`);
    await page.getByRole('tab', { name: 'Resolved' }).click();
    await page.getByRole('link', { name: `Open ticket #${ticketId}` }).waitFor();
    expect(await accessibilityViolations(page)).toEqual([]);
    await screenshot(page, 'ticket-desk-queue-360');
    await page.goto(`${portal.url}/operator/tickets/${ticketId}`);
    await page.getByTestId('desk-note').waitFor();
    expect(await accessibilityViolations(page)).toEqual([]);
    await screenshot(page, 'ticket-desk-ticket-360');

    // In Korean: the ticket with its internal mark.
    await useLanguage(page, 'ko');
    await page.reload();
    await page.getByRole('heading', { name: `티켓 #${ticketId}` }).waitFor();
    expect(await page.getByTestId('desk-internal-mark').textContent()).toBe('내부');
    expect(await accessibilityViolations(page)).toEqual([]);
    await screenshot(page, 'ticket-desk-ticket-360-ko');

    // The customer's mail of the answer.
    const mail = await portal.mail.waitFor(
      (received) =>
        received.to.includes(customer.email) &&
        received.subject.includes(`#${ticketId}`) &&
        portal.mail.mails.indexOf(received) >= mailsBefore,
    );
    expect(mail.subject).toContain(`a reply to your ticket #${ticketId}`);
    expect(mail.text).not.toContain(NOTE);

    // The customer sees the answer and its file, the green Resolved, and never the note.
    await customerPage.goto(`${portal.url}/TicketDetails/${ticketId}`);
    await customerPage.getByTestId('ticket-details').waitFor();
    await customerPage.getByRole('tab', { name: 'Ticket Response' }).click();
    const response = customerPage.getByTestId('ticket-response');
    await expect.poll(() => response.textContent()).toContain(ANSWER);
    expect(await response.getByTestId('ticket-attachment').allTextContents()).toContain(
      'host-report.png',
    );
    expect(await customerPage.content()).not.toContain(NOTE);
    await customerPage.getByTestId('ticket-resolved').waitFor();
    const status = customerPage.getByTestId('ticket-status').first();
    expect(await status.getAttribute('data-status')).toBe('Resolved');
    const colour = await status.evaluate((element) => getComputedStyle(element).color);
    const [red, green, blue] = colour.match(/\d+/g)!.map(Number);
    expect(green!).toBeGreaterThan(red!);
    expect(green!).toBeGreaterThan(blue!);
    await screenshot(customerPage, 'ticket-desk-customer-resolved-1024');

    expect(errors).toEqual([]);
  });
});

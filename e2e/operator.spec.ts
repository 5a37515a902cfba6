import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import type { Browser, Page } from 'playwright-core';
import { companies } from '../apps/api/src/db/schema/company';
import { createOwnerEnrolment } from '../apps/api/src/modules/operator/create-owner';
import { accessibilityViolations } from './support/accessibility';
import { launchBrowser, newPage, pageErrors, PHONE, screenshot } from './support/browser';
import { useLanguage } from './support/language';
import { startPortal, type Portal } from './support/portal';

let portal: Portal;
let browser: Browser;
beforeAll(async () => {
  [portal, browser] = await Promise.all([startPortal(), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await portal?.close();
});

const CONSOLE_1024 = { width: 1024, height: 800 };
const OWNER = { email: 'e2e-owner@example.com', name: 'Olga Owner', password: 'Own3r#Pass' };
const SUPPORT = { email: 'e2e-support@example.com', name: 'Sam Support', password: 'Supp0rt#Go' };

/** What an authenticator app shows for `secret` at `timestamp` (RFC 6238, as the API's). */
function totpCode(secret: string, timestamp = Date.now()): string {
  return new TOTP({
    algorithm: 'SHA1',
    digits: 6,
    period: 30,
    secret: Secret.fromBase32(secret),
  }).generate({ timestamp });
}

/**
 * A code of the next 30-second step: the step of the code just used cannot be used again, and
 * the API accepts the step either side of now.
 */
const nextStepCode = (secret: string) => totpCode(secret, Date.now() + 30_000);

/** The owner's link, made by the function `npm run operator:create` calls. */
async function ownerEnrolmentUrl(): Promise<string> {
  const [company] = await portal.database.db
    .select({ id: companies.id })
    .from(companies)
    .where(eq(companies.slug, 'demo'));
  const { url } = await createOwnerEnrolment(portal.database.db, company!.id, OWNER.email);
  return url;
}

/** The owner the demo seed makes (seed/demo-owner.ts): owner@ the demo company's mail domain. */
async function demoOwnerEmail(): Promise<string> {
  const [company] = await portal.database.db
    .select({ email: companies.email })
    .from(companies)
    .where(eq(companies.slug, 'demo'));
  return `owner@${company!.email!.split('@')[1]}`;
}

/**
 * Sets the name and password, reads the secret shown, confirms a code and keeps the recovery
 * codes; answers the secret.
 */
async function enrol(
  page: Page,
  url: string,
  person: { name: string; password: string },
  shots?: string,
): Promise<{ secret: string; recoveryCodes: string[] }> {
  await page.goto(url);
  await page.getByTestId('operator-enrol-page').waitFor();
  await page.getByLabel('Your name').fill(person.name);
  await field(page, 'New password').fill(person.password);
  await field(page, 'Confirm password').fill(person.password);
  if (shots) {
    expect(await accessibilityViolations(page)).toEqual([]);
    await screenshot(page, `${shots}-password`);
  }
  await page.getByRole('button', { name: 'Continue' }).click();

  const secretField = page.getByTestId('totp-secret');
  await secretField.waitFor();
  await page.getByRole('img', { name: 'QR code for your authenticator app' }).waitFor();
  const secret = (await secretField.textContent())!.replace(/\s+/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  if (shots) {
    expect(await accessibilityViolations(page)).toEqual([]);
    await screenshot(page, `${shots}-scan`);
  }
  // A wrong code is refused, in words.
  await page.getByLabel('6-digit code').fill(totpCode(secret) === '000000' ? '111111' : '000000');
  await page.getByRole('button', { name: 'Confirm' }).click();
  await page.getByText('This code is incorrect or was already used').waitFor();

  await page.getByLabel('6-digit code').fill(totpCode(secret));
  await page.getByRole('button', { name: 'Confirm' }).click();
  await page.getByTestId('recovery-codes').waitFor();
  const recoveryCodes = await page.getByTestId('recovery-code').allTextContents();
  expect(recoveryCodes).toHaveLength(10);
  for (const code of recoveryCodes) expect(code).toMatch(/^[a-z0-9]{5}-[a-z0-9]{5}$/);
  await page.getByRole('button', { name: 'Copy codes' }).waitFor();
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download' }).click();
  expect((await download).suggestedFilename()).toBe('recovery-codes.txt');
  if (shots) {
    expect(await accessibilityViolations(page)).toEqual([]);
    await screenshot(page, `${shots}-recovery-codes`);
  }
  const goOn = page.getByRole('button', { name: 'Go to the console' });
  expect(await goOn.isDisabled()).toBe(true);
  await page.getByLabel('I have saved my recovery codes').check();
  await goOn.click();
  await page.waitForURL(/\/operator$/);
  return { secret, recoveryCodes };
}

async function signOut(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Sign out' }).click();
  await page.waitForURL(/\/operator\/login$/);
  await page.getByTestId('operator-login-page').waitFor();
}

async function signIn(
  page: Page,
  person: { email: string; password: string },
  secret: string,
  shots?: string,
): Promise<void> {
  await page.goto(`${portal.url}/operator/login`);
  await field(page, 'Email').fill(person.email);
  await field(page, 'Password').fill(person.password);
  if (shots) {
    expect(await accessibilityViolations(page)).toEqual([]);
    await screenshot(page, `${shots}-password`);
  }
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByLabel('6-digit code').waitFor();
  if (shots) {
    expect(await accessibilityViolations(page)).toEqual([]);
    await screenshot(page, `${shots}-code`);
  }
  await page.getByLabel('6-digit code').fill(nextStepCode(secret));
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(/\/operator$/);
}

async function signInWithRecoveryCode(
  page: Page,
  person: { email: string; password: string },
  code: string,
): Promise<void> {
  await page.goto(`${portal.url}/operator/login`);
  await field(page, 'Email').fill(person.email);
  await field(page, 'Password').fill(person.password);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('button', { name: 'Use a recovery code instead' }).click();
  await page.getByLabel('Recovery code').fill(code);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(/\/operator$/);
}

/** A form field by its label (Mantine marks a required one with an asterisk). */
const field = (page: Page, label: string) => page.getByLabel(new RegExp(`^${label}( \\*)?$`));

const navigation = (page: Page) => page.getByRole('navigation', { name: 'Console' });

describe('the operator console', () => {
  it('enrols the CLI-made owner, signs in with a code, shows the audit log, invites support, and keeps the audit log from support', async () => {
    const { context, page } = await newPage(browser, { viewport: CONSOLE_1024 });

    // A visitor is sent to sign in; a wrong password is refused in words.
    await page.goto(`${portal.url}/operator`);
    await page.waitForURL(/\/operator\/login$/);
    await field(page, 'Email').fill(OWNER.email);
    await field(page, 'Password').fill('Wrong#Pass1');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByTestId('operator-login-error').getByText('Invalid email or password').waitFor();

    const owner = await enrol(page, await ownerEnrolmentUrl(), OWNER, 'operator-enrol-1024');
    await page.getByTestId('operator-home-identity').getByText(OWNER.email).waitFor();
    expect(await navigation(page).getByRole('link').allTextContents()).toEqual([
      'Overview',
      'Ticket desk',
      'Staff',
      'Audit log',
    ]);
    expect(await accessibilityViolations(page)).toEqual([]);
    await screenshot(page, 'operator-shell-owner-1024');

    await signOut(page);
    await signIn(page, OWNER, owner.secret, 'operator-login-1024');
    await page.getByText(`Welcome, ${OWNER.name}`).waitFor();

    // The owner's enrolment is in the audit log: the owner made by the system (the CLI's call).
    await navigation(page).getByRole('link', { name: 'Audit log' }).click();
    await page.waitForURL(/\/operator\/audit$/);
    const firstRow = page.getByTestId('audit-row').filter({ hasText: 'staff.invite' }).first();
    await firstRow.waitFor();
    expect(await firstRow.textContent()).toContain('The system');
    expect(await firstRow.textContent()).toContain('staff');
    await firstRow.getByRole('button', { name: 'Show the changes of staff.invite' }).click();
    await page.getByText(`"email": "${OWNER.email}"`).waitFor();
    await page.getByText('"role": "owner"').waitFor();
    expect(await accessibilityViolations(page)).toEqual([]);
    await screenshot(page, 'operator-audit-1024');

    // Invite a support member from the staff page.
    await navigation(page).getByRole('link', { name: 'Staff' }).click();
    await field(page, 'Email').fill(SUPPORT.email);
    await field(page, 'Role').selectOption('support');
    await page.getByRole('button', { name: 'Send invitation' }).click();
    const inviteMail = await portal.mail.waitFor((mail) => mail.to.includes(SUPPORT.email));
    const supportRow = page.getByTestId('staff-row').filter({ hasText: SUPPORT.email });
    await supportRow.getByText('Setting up').waitFor();
    // Inviting the same person again is refused, and says why.
    await field(page, 'Email').fill(SUPPORT.email);
    await page.getByRole('button', { name: 'Send invitation' }).click();
    await page
      .getByTestId('invite-error')
      .getByText('This person is already a member of this company')
      .waitFor();
    expect(await accessibilityViolations(page)).toEqual([]);
    await screenshot(page, 'operator-staff-1024');

    // The seeded demo owner: made an admin, after a confirmation, then removed.
    const demoEmail = await demoOwnerEmail();
    const demo = page.getByTestId('staff-row').filter({ hasText: demoEmail });
    await demo.getByRole('combobox', { name: `Role of ${demoEmail}` }).selectOption('admin');
    const dialog = page.getByRole('dialog', { name: 'Change role?' });
    await dialog.getByText(`${demoEmail} becomes Admin.`).waitFor();
    expect(await accessibilityViolations(page)).toEqual([]);
    await screenshot(page, 'operator-staff-confirm-1024');
    await dialog.getByRole('button', { name: 'Change role' }).click();
    await page.getByText('Role changed').first().waitFor();
    await dialog.waitFor({ state: 'detached' });
    expect(await demo.getByRole('combobox').inputValue()).toBe('admin');
    await demo.getByRole('button', { name: `Remove ${demoEmail}` }).click();
    const removeDialog = page.getByRole('dialog', { name: 'Remove member?' });
    await removeDialog.getByRole('button', { name: 'Cancel' }).click();
    await removeDialog.waitFor({ state: 'detached' });
    await demo.waitFor();
    await demo.getByRole('button', { name: `Remove ${demoEmail}` }).click();
    await removeDialog.getByRole('button', { name: 'Remove' }).click();
    await page.getByText('Member removed').first().waitFor();
    await demo.waitFor({ state: 'detached' });

    // The invitation is audited as the owner's, with a filter for it.
    await navigation(page).getByRole('link', { name: 'Audit log' }).click();
    await page.getByLabel('Who').selectOption({ label: OWNER.name });
    await page.getByRole('button', { name: 'Apply filters' }).click();
    const ownerRows = page.getByTestId('audit-row');
    await ownerRows.filter({ hasText: OWNER.name }).first().waitFor();
    await page.waitForFunction((name) => {
      const rows = Array.from(document.querySelectorAll('[data-testid="audit-row"]'));
      return rows.length > 0 && rows.every((row) => row.textContent?.includes(name));
    }, OWNER.name);
    expect(await ownerRows.filter({ hasText: 'staff.invite' }).count()).toBe(1);

    // The console at 360 px: the menu behind its button.
    await page.setViewportSize(PHONE);
    await page.goto(`${portal.url}/operator/audit`);
    await page.getByTestId('audit-row').first().waitFor();
    await screenshot(page, 'operator-audit-360');
    await page.getByRole('button', { name: "Show or hide the console's menu" }).click();
    await navigation(page).getByRole('link', { name: 'Staff' }).waitFor();
    expect(await accessibilityViolations(page)).toEqual([]);
    await screenshot(page, 'operator-shell-menu-360');
    // A session that ends (here: its cookie gone) says so and leads back to sign in.
    await context.clearCookies({ name: 'cp_staff' });
    await navigation(page).getByRole('link', { name: 'Staff' }).click();
    await page.getByTestId('operator-session-expired').waitFor();
    expect(await accessibilityViolations(page)).toEqual([]);
    await screenshot(page, 'operator-session-expired-360');
    await page.getByRole('link', { name: 'Sign in again' }).click();
    await page.getByTestId('operator-login-page').waitFor();
    expect(pageErrors(page)).toEqual([]);
    await context.close();

    // The support member enrols from the mailed link, on a phone.
    const enrolUrl = inviteMail.text.match(/https?:\/\/[^\s]+\/operator\/enrol\/[\w-]{43}/)![0];
    const phone = await newPage(browser, { viewport: PHONE });
    const supportEnrolment = await enrol(
      phone.page,
      enrolUrl.replace(/^https?:\/\/[^/]+/, portal.url),
      SUPPORT,
      'operator-enrol-360',
    );
    // Support's one page beyond the overview is the ticket desk (tickets.view).
    await phone.page.getByTestId('operator-home-desk').waitFor();
    expect(await phone.page.getByTestId('operator-home-staff').count()).toBe(0);
    expect(await accessibilityViolations(phone.page)).toEqual([]);
    await screenshot(phone.page, 'operator-shell-support-360');
    await phone.context.close();

    // Support signs in with a recovery code instead of the app; the code then works no more.
    const support = await newPage(browser, { viewport: CONSOLE_1024 });
    const [recoveryCode] = supportEnrolment.recoveryCodes;
    await signInWithRecoveryCode(support.page, SUPPORT, recoveryCode!);
    await signOut(support.page);
    await field(support.page, 'Email').fill(SUPPORT.email);
    await field(support.page, 'Password').fill(SUPPORT.password);
    await support.page.getByRole('button', { name: 'Continue' }).click();
    await support.page.getByRole('button', { name: 'Use a recovery code instead' }).click();
    await support.page.getByLabel('Recovery code').fill(recoveryCode!);
    await support.page.getByRole('button', { name: 'Sign in' }).click();
    await support.page
      .getByText('This recovery code is incorrect or was already used')
      .first()
      .waitFor();
    await signIn(support.page, SUPPORT, supportEnrolment.secret);

    // Support's console has no audit log or staff page, and refuses both when asked directly.
    await support.page.getByText(`Welcome, ${SUPPORT.name}`).waitFor();
    expect(await navigation(support.page).getByRole('link').allTextContents()).toEqual([
      'Overview',
      'Ticket desk',
    ]);
    await support.page.goto(`${portal.url}/operator/audit`);
    await support.page.getByTestId('operator-forbidden').waitFor();
    expect(await support.page.getByTestId('audit-table').count()).toBe(0);
    await support.page.goto(`${portal.url}/operator/staff`);
    await support.page.getByTestId('operator-forbidden').waitFor();
    const refused = await support.page.request.get(`${portal.url}/api/operator/audit`);
    expect(refused.status()).toBe(403);
    await screenshot(support.page, 'operator-audit-refused-1024');
    expect(await accessibilityViolations(support.page)).toEqual([]);
    expect(pageErrors(support.page)).toEqual([]);

    // The owner (with a recovery code) resets support's authenticator app; support's next
    // sign-in sets one up again before the console opens.
    const ownerAgain = await newPage(browser, { viewport: CONSOLE_1024 });
    await signInWithRecoveryCode(ownerAgain.page, OWNER, owner.recoveryCodes[0]!);
    await navigation(ownerAgain.page).getByRole('link', { name: 'Staff' }).click();
    const supportMember = ownerAgain.page
      .getByTestId('staff-row')
      .filter({ hasText: SUPPORT.email });
    await supportMember.getByRole('button', { name: `Reset TOTP for ${SUPPORT.name}` }).click();
    const resetDialog = ownerAgain.page.getByRole('dialog', { name: 'Reset authenticator app?' });
    await resetDialog.getByRole('button', { name: 'Reset TOTP' }).click();
    await ownerAgain.page.getByText('Their authenticator app was reset').first().waitFor();
    await supportMember.getByText('Setting up').waitFor();
    await ownerAgain.context.close();

    await signOut(support.page);
    await field(support.page, 'Email').fill(SUPPORT.email);
    await field(support.page, 'Password').fill(SUPPORT.password);
    await support.page.getByRole('button', { name: 'Continue' }).click();
    await support.page.getByText('Your authenticator app was reset.').waitFor();
    const newSecret = (await support.page.getByTestId('totp-secret').textContent())!.replace(
      /\s+/g,
      '',
    );
    expect(newSecret).not.toBe(supportEnrolment.secret);
    await field(support.page, '6-digit code').fill(totpCode(newSecret));
    await support.page.getByRole('button', { name: 'Confirm' }).click();
    await support.page.getByTestId('recovery-code').first().waitFor();
    await support.page.getByLabel('I have saved my recovery codes').check();
    await support.page.getByRole('button', { name: 'Go to the console' }).click();
    await support.page.getByText(`Welcome, ${SUPPORT.name}`).waitFor();
    expect(pageErrors(support.page)).toEqual([]);
    await support.context.close();
  });

  it('speaks Korean: the sign-in and a refused enrolment link', async () => {
    const { context, page } = await newPage(browser, { viewport: PHONE });
    await useLanguage(page, 'ko');
    await page.goto(`${portal.url}/operator/login`);
    await page.getByRole('heading', { name: '직원 로그인' }).waitFor();
    await field(page, '이메일').fill('nobody@example.com');
    await field(page, '비밀번호').fill('Wrong#Pass1');
    await page.getByRole('button', { name: '계속' }).click();
    await page.getByText('이메일 또는 비밀번호가 올바르지 않습니다').waitFor();
    expect(await accessibilityViolations(page)).toEqual([]);
    await screenshot(page, 'operator-login-ko-360');

    await page.goto(`${portal.url}/operator/enrol/${'x'.repeat(43)}`);
    await page
      .getByTestId('enrolment-link-invalid')
      .getByText('이 등록 링크는 잘못되었거나, 만료되었거나, 이미 사용되었습니다')
      .waitFor();
    expect(await accessibilityViolations(page)).toEqual([]);
    await screenshot(page, 'operator-enrol-refused-ko-360');
    expect(pageErrors(page)).toEqual([]);
    await context.close();
  });
});

import type { Page } from 'playwright-core';
import type { Portal } from './portal';

export type Customer = { email: string; password: string; firstName: string };

let registered = 0;

/** Registers a customer through the API (sign-up and its mailed code), as a browser would. */
export async function registerCustomer(portal: Portal, origin = portal.url): Promise<Customer> {
  registered += 1;
  const customer = {
    email: `lerato.${registered}.${Date.now().toString(36)}@example.co.za`,
    password: 'Kgotso#2026',
    firstName: 'Lerato',
  };
  const mailsBefore = portal.mail.mails.length;
  const signUp = await postJson(`${origin}/api/adduser`, {
    firstName: customer.firstName,
    lastName: 'Mokoena',
    emailID: customer.email,
    countryCode: '+27',
    contactNo: '825550123',
    password: customer.password,
    companyName: '',
    vatNumber: '',
    address: '4 Bree Street',
    region: 'South Africa',
    city: 'Cape Town',
    state: 'Western Cape',
    postCode: '8001',
    roleType: 'user',
    websiteUrl: origin,
  });
  const code = await codeFor(portal, customer.email, mailsBefore);
  await postJson(`${origin}/api/twoFactorAuth`, {
    emailID: customer.email,
    ID: (signUp as { ID: string }).ID,
    OTP: code,
    websiteUrl: origin,
  });
  return customer;
}

/** Logs in through the login page and the code page, and waits out the welcome. */
export async function logIn(page: Page, portal: Portal, customer: Customer): Promise<void> {
  await page.goto(`${portal.url}/customerlogin`);
  await page
    .getByLabel(/^Email( \*)?$/)
    .first()
    .fill(customer.email);
  await page
    .getByLabel(/^Password( \*)?$/)
    .first()
    .fill(customer.password);
  const mailsBefore = portal.mail.mails.length;
  await page.getByRole('button', { name: 'Log In' }).click();
  await page.waitForURL(/\/loginotp\//);
  await page
    .getByLabel(/^One-time code( \*)?$/)
    .first()
    .fill(await codeFor(portal, customer.email, mailsBefore));
  await page.getByRole('button', { name: 'Submit' }).click();
  await page.getByRole('button', { name: 'Continue now' }).click();
  await page.getByRole('button', { name: 'Continue now' }).waitFor({ state: 'detached' });
}

async function codeFor(portal: Portal, email: string, afterCount: number): Promise<string> {
  const mail = await portal.mail.waitFor(
    (received) =>
      received.to.includes(email) &&
      /code: \d{6}$/.test(received.subject) &&
      portal.mail.mails.indexOf(received) >= afterCount,
  );
  return mail.subject.match(/(\d{6})$/)![1]!;
}

async function postJson(url: string, body: object): Promise<unknown> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const envelope = (await response.json()) as { status: number; message: string; data: unknown };
  if (envelope.status !== 200) throw new Error(`${url}: ${envelope.status} ${envelope.message}`);
  return envelope.data;
}

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { eq } from 'drizzle-orm';
import { orders } from '../apps/api/src/db/schema/orders';
import { pageErrors, PHONE, screenshot } from './support/browser';
import type { Customer } from './support/customer';
import type { Portal } from './support/portal';
import { openProfileTab } from './support/profile';
import { closeStage, loggedInPage, openStage } from './support/stage';
import { openSandboxInvoice, payInSandbox, productIds, waitUntilRunning } from './support/vm';

/**
 * Issue 25 items 11, 12, 13 and 16: what a customer sees around paying. The success page says
 * what happened for each kind; a paid invoice opened again shows paid with its receipt; a pending
 * order is paid or cancelled from Purchase History (or opened in another tab) until it expires;
 * the failed page gives §2.6's sentence, then the gateway's message. 1280 px in English, 360 px
 * in Korean.
 */

const LAPTOP = { width: 1280, height: 900 };

let portal: Portal;
let browser: Browser;
let customer: Customer;
let products: Record<string, number>;
let desk: { context: BrowserContext; page: Page };
let phone: { context: BrowserContext; page: Page };

beforeAll(async () => {
  ({ portal, browser, customer } = await openStage());
  products = await productIds(portal);
  desk = await loggedInPage({ portal, browser, customer }, { viewport: LAPTOP });
  phone = await loggedInPage(
    { portal, browser, customer },
    { viewport: PHONE, locale: 'ko-KR' },
    'ko',
  );
});

afterAll(async () => {
  await closeStage({ portal, browser }, desk?.context, phone?.context);
});

const starterUrl = () =>
  `${portal.url}/productdetails/${products['Ubuntu Starter']}?memory=4&disk=100&processor=2&period=90`;

/** Buy Now with the sandbox up to the invoice; answers the order's reference. */
async function openInvoice(page: Page): Promise<string> {
  await page.goto(starterUrl());
  return openSandboxInvoice(page, 1);
}

async function purchaseHistory(page: Page, tabName: string) {
  await openProfileTab(page, portal, tabName);
  await page.getByTestId('purchase-row').first().waitFor();
  // The profile's own calls settle first (a refetch would redraw the list under a dialog).
  await page.waitForLoadState('networkidle');
}

const rowOf = (page: Page, reference: string) =>
  page.getByTestId('purchase-row').filter({ hasText: reference }).first();

/** No sideways scrolling at the page's width. */
async function fitsWidth(page: Page, width: number) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    width,
  );
}

let paidReference = '';

describe('a paid invoice opened again (item 12) and the success page of a new purchase (item 11)', () => {
  it('shows the invoice paid with its receipt, never Pay', async () => {
    const { page, context } = desk;
    paidReference = await openInvoice(page);
    await payInSandbox(page);
    const setup = page.getByTestId('purchase-successful-setup');
    expect(await setup.textContent()).toBe(
      'Your virtual machine will be set up shortly. It will show in your Products tab.',
    );
    await screenshot(page, 'order-outcomes-success-new-1280-en');

    // The invoice this tab kept, opened again.
    await page.goto(`${portal.url}/purchasedetails/1?orderID=${paidReference}`);
    await page.getByTestId('invoice').waitFor();
    const paid = page.getByTestId('invoice-paid');
    await paid.waitFor();
    expect(await page.getByTestId('pay-button').count()).toBe(0);
    expect(await paid.textContent()).toContain('Paid');
    expect(await paid.getByTestId('invoice-paid-amount').textContent()).toMatch(/1[\s,]?366\.20/);
    const receiptLink = paid.getByTestId('invoice-paid-receipt');
    expect(await receiptLink.getAttribute('href')).toMatch(/^\/DownloadInvoice\//);
    await screenshot(page, 'order-outcomes-invoice-paid-1280-en');
    const [receipt] = await Promise.all([context.waitForEvent('page'), receiptLink.click()]);
    await receipt.waitForURL(/\/DownloadInvoice\//);
    await receipt.getByTestId('document-viewer-page').first().waitFor({ timeout: 20_000 });
    await receipt.close();
    expect(pageErrors(page)).toEqual([]);

    // Another browser (Korean, a phone) has no copy of the invoice: paid, with its receipt.
    await phone.page.goto(`${portal.url}/purchasedetails/1?orderID=${paidReference}`);
    const paidOnPhone = phone.page.getByTestId('invoice-paid');
    await paidOnPhone.waitFor();
    expect(await paidOnPhone.textContent()).toContain('결제 완료');
    expect(await paidOnPhone.getByTestId('invoice-paid-receipt').count()).toBe(1);
    expect(await phone.page.getByTestId('pay-button').count()).toBe(0);
    await fitsWidth(phone.page, PHONE.width);
    // Both buttons' words show whole at 360 px.
    for (const id of ['invoice-paid-purchases', 'invoice-paid-receipt']) {
      const label = paidOnPhone.getByTestId(id).locator('.mantine-Button-label');
      expect(await label.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(
        true,
      );
    }
    await screenshot(phone.page, 'order-outcomes-invoice-paid-360-ko');

    await phone.page.goto(`${portal.url}/PurchaseSuccessful?orderID=${paidReference}`);
    await phone.page.getByTestId('purchase-successful-setup').waitFor();
    expect(await phone.page.getByTestId('purchase-successful-setup').textContent()).toBe(
      '가상 머신이 곧 준비됩니다. 제품 탭에 표시됩니다.',
    );
    await screenshot(phone.page, 'order-outcomes-success-new-360-ko');
  });
});

describe('the success page of a renewal (item 11)', () => {
  it('says the machine was renewed, not that it will be set up', async () => {
    const { page } = desk;
    const vmId = await waitUntilRunning(page);
    await page.goto(`${portal.url}/renewvm/${vmId}`);
    await page.getByTestId('vm-card').waitFor();
    const reference = await openSandboxInvoice(page, 3);
    await payInSandbox(page);
    const setup = page.getByTestId('purchase-successful-setup');
    expect(await setup.textContent()).toBe(
      'Your virtual machine has been renewed. Its new expiry date will show in your Products tab shortly.',
    );
    await screenshot(page, 'order-outcomes-success-renew-1280-en');

    await phone.page.goto(`${portal.url}/PurchaseSuccessful?orderID=${reference}`);
    await phone.page.getByTestId('purchase-successful-setup').waitFor();
    expect(await phone.page.getByTestId('purchase-successful-setup').textContent()).toBe(
      '가상 머신이 갱신되었습니다. 새 만료일이 곧 제품 탭에 표시됩니다.',
    );
    await screenshot(phone.page, 'order-outcomes-success-renew-360-ko');
  });
});

describe('a pending order from Purchase History or another tab (item 13)', () => {
  it('is paid from Purchase History in another tab', async () => {
    const { page, context } = desk;
    const reference = await openInvoice(page);
    // The customer leaves the invoice open and looks at the purchases in another tab.
    const history = await context.newPage();
    await purchaseHistory(history, 'Purchase History');
    const row = rowOf(history, reference);
    expect(await row.getByTestId('purchase-status').textContent()).toBe('Pending');
    expect(await row.getByTestId('purchase-pay').count()).toBe(1);
    expect(await row.getByTestId('purchase-cancel').count()).toBe(1);
    await screenshot(history, 'order-outcomes-history-pending-1280-en');

    await openProfileTab(phone.page, portal, '구매 내역');
    const phoneRow = rowOf(phone.page, reference);
    await phoneRow.waitFor();
    expect(await phoneRow.getByTestId('purchase-pay').textContent()).toContain('결제');
    expect(await phoneRow.getByTestId('purchase-cancel').textContent()).toContain('취소');
    await fitsWidth(phone.page, PHONE.width);
    await phoneRow.scrollIntoViewIfNeeded();
    await screenshot(phone.page, 'order-outcomes-history-pending-360-ko');

    await row.getByTestId('purchase-pay').click();
    await history.waitForURL(new RegExp(`/purchasedetails/1\\?orderID=${reference}`));
    await history.getByTestId('invoice').waitFor();
    await payInSandbox(history);
    await history.getByTestId('purchase-successful').waitFor();
    expect(pageErrors(history)).toEqual([]);
    await history.close();

    // The first tab's invoice, looked at again, is paid.
    await page.reload();
    await page.getByTestId('invoice-paid').waitFor();
    expect(await page.getByTestId('pay-button').count()).toBe(0);
  });

  it('opens in a tab that never had the invoice, and is paid there', async () => {
    const { page, context } = desk;
    const reference = await openInvoice(page);
    const other = await context.newPage();
    await other.goto(`${portal.url}/purchasedetails/1?orderID=${reference}`);
    const closed = other.getByTestId('invoice-closed');
    await closed.getByText('This order is waiting for payment').waitFor();
    await screenshot(other, 'order-outcomes-other-tab-1280-en');
    await closed.getByTestId('invoice-closed-open').click();
    await other.getByTestId('invoice').waitFor();
    expect(await other.getByTestId('pay-button').isEnabled()).toBe(true);
    await payInSandbox(other);
    await other.getByTestId('purchase-successful').waitFor();
    await other.close();
  });

  it('is cancelled from Purchase History, and an expired one offers no Pay', async () => {
    const { page } = desk;
    const toCancel = await openInvoice(page);
    const toExpire = await openInvoice(page);
    await portal.database.db
      .update(orders)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(orders.reference, toExpire));

    await purchaseHistory(page, 'Purchase History');
    const expired = rowOf(page, toExpire);
    expect(await expired.getByTestId('purchase-status').textContent()).toBe('Expired');
    expect(await expired.getByTestId('purchase-pay').count()).toBe(0);

    const row = rowOf(page, toCancel);
    await row.getByTestId('purchase-cancel').click();
    const dialog = page.getByTestId('purchase-cancel-dialog');
    await dialog.waitFor();
    await screenshot(page, 'order-outcomes-cancel-dialog-1280-en');
    await dialog.getByRole('button', { name: 'Cancel the order' }).click();
    await dialog.waitFor({ state: 'detached' });
    await row.getByTestId('purchase-status').getByText('Cancelled').waitFor();
    expect(await row.getByTestId('purchase-pay').count()).toBe(0);
    await screenshot(page, 'order-outcomes-history-cancelled-1280-en');

    // The invoice of the cancelled order no longer offers Pay.
    await page.goto(`${portal.url}/purchasedetails/1?orderID=${toCancel}`);
    await page.getByTestId('invoice-expired').waitFor();
    expect(await page.getByTestId('pay-button').isDisabled()).toBe(true);

    await openProfileTab(phone.page, portal, '구매 내역');
    const phoneExpired = rowOf(phone.page, toExpire);
    await phoneExpired.waitFor();
    expect(await phoneExpired.getByTestId('purchase-status').textContent()).toBe('만료됨');
    await screenshot(phone.page, 'order-outcomes-history-expired-360-ko');
    expect(pageErrors(page)).toEqual([]);
  });
});

describe('the failed page (item 16)', () => {
  it("says §2.6's sentence, then the gateway's stored message", async () => {
    const { page } = desk;
    const reference = await openInvoice(page);
    await page.getByTestId('pay-button').click();
    await page.waitForURL(/\/api\/payments\/sandbox\//);
    await page.getByTestId('sandbox-fail').click();
    await page.waitForURL(/\/PurchaseFailed\?orderID=/);
    expect(await page.getByTestId('purchase-failed-message').textContent()).toBe(
      'We can not process your request. payment gateway failure',
    );
    expect(await page.getByTestId('purchase-failed-reason').textContent()).toBe(
      'The payment gateway said: The sandbox declined the payment.',
    );
    await screenshot(page, 'order-outcomes-failed-1280-en');

    await phone.page.goto(`${portal.url}/PurchaseFailed?orderID=${reference}`);
    await phone.page.getByTestId('purchase-failed-reason').waitFor();
    expect(await phone.page.getByTestId('purchase-failed-message').textContent()).toBe(
      '요청을 처리할 수 없습니다. 결제 게이트웨이 오류입니다',
    );
    expect(await phone.page.getByTestId('purchase-failed-reason').textContent()).toBe(
      '결제 게이트웨이 메시지: 샌드박스가 결제를 거절했습니다.',
    );
    await fitsWidth(phone.page, PHONE.width);
    await screenshot(phone.page, 'order-outcomes-failed-360-ko');
    expect(pageErrors(page)).toEqual([]);
  });
});

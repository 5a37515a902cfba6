import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LANGUAGE_COOKIE } from '@cloud-portal/contract/web/first-render';
import { createTestAppWithMail, MAIN_ORIGIN } from '../../../test/support/test-app';
import { post, signUpAndLogIn } from '../../../test/support/accounts';
import { ubuntuStarterOrder } from '../../../test/support/starter-order';
import { orders } from '../../db/schema/orders';

let t: Awaited<ReturnType<typeof createTestAppWithMail>>;
type Customer = Awaited<ReturnType<typeof signUpAndLogIn>>;
let owner: Customer;
let stranger: Customer;
let order: { orderID: string };

beforeAll(async () => {
  t = await createTestAppWithMail();
  owner = await signUpAndLogIn(t.app, t.smtp);
  stranger = await signUpAndLogIn(t.app, t.smtp);
  const response = await post(
    t.app,
    '/api/virtualMachine/CreateOrder',
    await ubuntuStarterOrder(t.app),
    { cookies: owner.cookies, headers: owner.csrf, origin: MAIN_ORIGIN },
  );
  expect(response.statusCode, response.body).toBe(200);
  order = response.json().data;
});
afterAll(() => t.close());

/** The browser opening the checkout itself: its own Accept-Language, and the portal's cookies. */
const openCheckout = (customer: Customer, cookies: Record<string, string> = {}) =>
  t.app.inject({
    method: 'GET',
    url: `/api/payments/sandbox/${order.orderID}`,
    headers: { host: 'localhost:3000', 'accept-language': 'en-US,en;q=0.9' },
    cookies: { ...customer.cookies, ...cookies },
  });

describe("the Sandbox checkout page speaks the customer's language", () => {
  it('follows the language chosen in the portal over the browser’s', async () => {
    const page = await openCheckout(owner, { [LANGUAGE_COOKIE]: 'ko' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<html lang="ko">');
    for (const text of ['샌드박스 결제', '결제 완료', '결제 실패', '결제 취소', '테스트']) {
      expect(page.body).toContain(text);
    }
    expect(page.body).not.toContain('Complete payment');
  });

  it('falls back on the language the order was placed in, then the browser’s', async () => {
    expect((await openCheckout(owner)).body).toContain('<html lang="en">');
    await t.database.db
      .update(orders)
      .set({ language: 'ko' })
      .where(eq(orders.reference, order.orderID));
    const page = await openCheckout(owner);
    expect(page.body).toContain('<html lang="ko">');
    expect(page.body).toContain('결제 완료');
    // The cookie still wins: the customer switched back to English.
    expect((await openCheckout(owner, { [LANGUAGE_COOKIE]: 'en' })).body).toContain(
      'Complete payment',
    );
  });

  it("says in Korean that an order is not the visitor's, naming nothing of it", async () => {
    const page = await openCheckout(stranger, { [LANGUAGE_COOKIE]: 'ko' });
    expect(page.statusCode).toBe(404);
    expect(page.body).toContain('존재하지 않는 주문입니다');
    expect(page.body).not.toContain(order.orderID);
    expect(page.body).not.toMatch(/name="token"/);
  });
});

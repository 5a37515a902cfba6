import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestAppWithMail, MAIN_ORIGIN, SECOND_ORIGIN } from '../../../test/support/test-app';
import { post, signUpAndLogIn } from '../../../test/support/accounts';
import { SAVED_VMS_PER_CUSTOMER } from './saved-vms';

let t: Awaited<ReturnType<typeof createTestAppWithMail>>;
type Customer = Awaited<ReturnType<typeof signUpAndLogIn>>;
let owner: Customer;
let stranger: Customer;
let products: Record<string, number>;

beforeAll(async () => {
  t = await createTestAppWithMail();
  owner = await signUpAndLogIn(t.app, t.smtp);
  stranger = await signUpAndLogIn(t.app, t.smtp);
  const data = (await post(t.app, '/api/marketPlace/getProducts', { pageSize: 48 })).json().data;
  products = Object.fromEntries(
    [...data.VMProducts, ...data.GoldVMData].map(
      (card: { productName: string; productID: number }) => [card.productName, card.productID],
    ),
  );
});
afterAll(() => t.close());

const as = (customer: Customer, url: string, payload: object) =>
  post(t.app, url, payload, { cookies: customer.cookies, headers: customer.csrf });
const list = async (customer: Customer) =>
  (
    await t.app.inject({
      method: 'GET',
      url: '/api/virtualMachine/showSavedVM',
      headers: { origin: MAIN_ORIGIN },
      cookies: customer.cookies,
    })
  ).json();

/** Ubuntu Starter at 4 GB / 100 GB / 2 vCPU for 90 days: 1377.00 (see the quote test). */
const starterSave = (overrides: object = {}) => ({
  productID: products['Ubuntu Starter'],
  processorCount: 2,
  processorUnit: 'cores',
  memoryCount: 4,
  memoryUnit: 'GB',
  driveCount: 100,
  driveUnit: 'GB',
  region: 0,
  totalAmount: '1377.00',
  timePeriod: 90,
  ...overrides,
});

describe('saved items', () => {
  it("saves a configuration at the server's price and lists it", async () => {
    const saved = await as(owner, '/api/virtualMachine/saveVMForLater', starterSave());
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({
      status: 200,
      message: 'Your product has been successfully saved',
      data: { ID: expect.any(Number) },
    });
    const rows = (await list(owner)).data;
    expect(rows[0]).toMatchObject({
      ID: saved.json().data.ID,
      productID: products['Ubuntu Starter'],
      vmName: 'Ubuntu Starter',
      ram_Count: 4,
      ram_Unit: 'GB',
      disk_Count: 100,
      cpu_Count: 2,
      osType: 'Ubuntu',
      imagePath: null,
      timePeriod: 90,
      totalAmount: '1377.00',
      currency: 'ZAR',
      isAvailable: true,
    });
  });

  it('accepts the total as a number, as the spec sends it', async () => {
    const saved = await as(
      owner,
      '/api/virtualMachine/saveVMForLater',
      starterSave({ totalAmount: 1377 }),
    );
    expect(saved.statusCode).toBe(200);
  });

  it('refuses a total the server cannot reproduce, answering the current quote', async () => {
    const response = await as(
      owner,
      '/api/virtualMachine/saveVMForLater',
      starterSave({ totalAmount: '1.00' }),
    );
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(
      'The price has changed. Please check the new total and try again.',
    );
    expect(response.json().data.quote.totalPayable).toBe('1377.00');
  });

  it('refuses a configuration, region or period the product does not offer', async () => {
    const tooBig = await as(
      owner,
      '/api/virtualMachine/saveVMForLater',
      starterSave({ memoryCount: 64 }),
    );
    expect(tooBig.statusCode).toBe(400);
    const { filterData } = (await post(t.app, '/api/marketPlace/getProducts', {})).json().data;
    const capeTown = filterData.country.find(
      (region: { name: string }) => region.name === 'Cape Town',
    ).ID;
    const elsewhere = await as(
      owner,
      '/api/virtualMachine/saveVMForLater',
      starterSave({ region: capeTown }),
    );
    expect(elsewhere.statusCode).toBe(400);
    expect(elsewhere.json().message).toBe('This region is not offered for this product');
    const period = await as(
      owner,
      '/api/virtualMachine/saveVMForLater',
      starterSave({ timePeriod: 7 }),
    );
    expect(period.statusCode).toBe(400);
    const amount = await as(
      owner,
      '/api/virtualMachine/saveVMForLater',
      starterSave({ totalAmount: 'abc' }),
    );
    expect(amount.statusCode).toBe(400);
  });

  it('lets a product without a region be saved in any of the company regions', async () => {
    const { filterData } = (await post(t.app, '/api/marketPlace/getProducts', {})).json().data;
    const nairobi = filterData.country.find(
      (region: { name: string }) => region.name === 'Nairobi',
    ).ID;
    // Debian Flex base: 2 GB × 43 + 50 GB × 1.10 + 1 × 59 = 200.00; VAT 30.00 → 230.00.
    const response = await as(owner, '/api/virtualMachine/saveVMForLater', {
      productID: products['Debian Flex'],
      processorCount: 1,
      memoryCount: 2,
      memoryUnit: 'GB',
      driveCount: 50,
      driveUnit: 'GB',
      region: nairobi,
      totalAmount: '230.00',
      timePeriod: 0,
    });
    expect(response.statusCode).toBe(200);
    expect((await list(owner)).data[0]).toMatchObject({
      vmName: 'Debian Flex',
      regionID: nairobi,
      timePeriod: 0,
    });
  });

  it("never shows or deletes another customer's saved item", async () => {
    const saved = (await as(owner, '/api/virtualMachine/saveVMForLater', starterSave())).json()
      .data;
    expect((await list(stranger)).data).toEqual([]);
    const attempt = await as(stranger, '/api/virtualMachine/deletedSavedVM', {
      savedProductID: saved.ID,
    });
    expect(attempt.statusCode).toBe(404);
    expect(attempt.json().message).toBe('This saved product does not exist');
    expect((await list(owner)).data.some((row: { ID: number }) => row.ID === saved.ID)).toBe(true);
  });

  it('deletes the caller’s own saved item, once', async () => {
    const saved = (await as(owner, '/api/virtualMachine/saveVMForLater', starterSave())).json()
      .data;
    const deleted = await as(owner, '/api/virtualMachine/deletedSavedVM', {
      savedProductID: saved.ID,
    });
    expect(deleted.json()).toMatchObject({ status: 200, message: 'Saved product deleted' });
    expect((await list(owner)).data.some((row: { ID: number }) => row.ID === saved.ID)).toBe(false);
    const again = await as(owner, '/api/virtualMachine/deletedSavedVM', {
      savedProductID: saved.ID,
    });
    expect(again.statusCode).toBe(404);
  });

  it('is never kept by a browser or proxy cache', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/virtualMachine/showSavedVM',
      headers: { origin: MAIN_ORIGIN },
      cookies: owner.cookies,
    });
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it("cannot save another company's product", async () => {
    const other = (
      await post(t.app, '/api/marketPlace/getProducts', {}, { origin: SECOND_ORIGIN })
    ).json().data.VMProducts[0];
    const response = await as(
      owner,
      '/api/virtualMachine/saveVMForLater',
      starterSave({ productID: other.productID }),
    );
    expect(response.statusCode).toBe(404);
  });

  it('needs a session, the CSRF header, and a session of this company', async () => {
    const visitor = await post(t.app, '/api/virtualMachine/saveVMForLater', starterSave());
    expect(visitor.statusCode).toBe(401);
    const noCsrf = await post(t.app, '/api/virtualMachine/saveVMForLater', starterSave(), {
      cookies: owner.cookies,
    });
    expect(noCsrf.statusCode).toBe(403);
    const otherSite = await post(t.app, '/api/virtualMachine/saveVMForLater', starterSave(), {
      cookies: owner.cookies,
      headers: owner.csrf,
      origin: SECOND_ORIGIN,
    });
    expect(otherSite.statusCode).toBe(403);
    const listing = await t.app.inject({ method: 'GET', url: '/api/virtualMachine/showSavedVM' });
    expect(listing.statusCode).toBe(401);
  });

  it(`keeps at most ${SAVED_VMS_PER_CUSTOMER} per customer`, async () => {
    const busy = await signUpAndLogIn(t.app, t.smtp);
    const { rows } = await t.database.executeSql(`select id from customers where email = $1`, [
      busy.email,
    ]);
    await t.database.executeSql(
      `insert into saved_vms (company_id, customer_id, product_id, memory_count, memory_unit, processor_count,
         processor_unit, drive_count, drive_unit, time_period_days, total_amount_minor, currency)
       select c.company_id, c.id, $2, 2, 'GB', 1, 'cores', 40, 'GB', 0, 22770, 'ZAR'
       from customers c, generate_series(1, $3) where c.id = $1`,
      [(rows[0] as { id: number }).id, products['Ubuntu Starter'], SAVED_VMS_PER_CUSTOMER],
    );
    const full = await as(busy, '/api/virtualMachine/saveVMForLater', starterSave());
    expect(full.statusCode).toBe(422);
    expect(full.json().message).toBe(
      'You can keep up to 100 saved products. Delete one to save another.',
    );
  });
});

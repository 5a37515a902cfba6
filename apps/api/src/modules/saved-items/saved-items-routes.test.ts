import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestAppWithMail, MAIN_ORIGIN, SECOND_ORIGIN } from '../../../test/support/test-app';
import { post, signUpAndLogIn } from '../../../test/support/accounts';
import { sendAtOnce } from '../../../test/support/http-burst';
import { SAVED_VMS_PER_CUSTOMER } from './saved-vms';

let t: Awaited<ReturnType<typeof createTestAppWithMail>>;
type Customer = Awaited<ReturnType<typeof signUpAndLogIn>>;
let owner: Customer;
let stranger: Customer;
let products: Record<string, number>;
let regionIds: Record<string, number>;

beforeAll(async () => {
  // Enough PostgreSQL connections for the concurrent saves below to really overlap.
  t = await createTestAppWithMail({}, { maxConnections: 12 });
  owner = await signUpAndLogIn(t.app, t.smtp);
  stranger = await signUpAndLogIn(t.app, t.smtp);
  const data = (await post(t.app, '/api/marketPlace/getProducts', { pageSize: 48 })).json().data;
  products = Object.fromEntries(
    [...data.VMProducts, ...data.GoldVMData].map(
      (card: { productName: string; productID: number }) => [card.productName, card.productID],
    ),
  );
  regionIds = Object.fromEntries(
    data.filterData.country.map((region: { name: string; ID: number }) => [region.name, region.ID]),
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

/**
 * Ubuntu Starter (Johannesburg) at 4 GB / 100 GB / 2 vCPU for 90 days: 1260.00 less 72.00
 * discount, VAT on the discounted 1188.00 (the demo company taxes after discount) = 1366.20.
 */
const starterSave = (overrides: object = {}) => ({
  productID: products['Ubuntu Starter'],
  processorCount: 2,
  processorUnit: 'cores',
  memoryCount: 4,
  memoryUnit: 'GB',
  driveCount: 100,
  driveUnit: 'GB',
  region: regionIds['Johannesburg'],
  totalAmount: '1366.20',
  timePeriod: 90,
  ...overrides,
});
/** Debian Flex (no region of its own) at its base: 200.00 + VAT 30.00, no discount. */
const debianSave = (overrides: object = {}) => ({
  productID: products['Debian Flex'],
  processorCount: 1,
  memoryCount: 2,
  memoryUnit: 'GB',
  driveCount: 50,
  driveUnit: 'GB',
  region: 0,
  totalAmount: '230.00',
  timePeriod: 0,
  ...overrides,
});
const deleteAll = async (customer: Customer) => {
  for (const row of (await list(customer)).data as { ID: number }[]) {
    await as(customer, '/api/virtualMachine/deletedSavedVM', { savedProductID: row.ID });
  }
};

describe('saved items', () => {
  it("saves a configuration at the server's price and lists it, with its region and date", async () => {
    const before = Date.now();
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
      regionID: regionIds['Johannesburg'],
      regionName: 'Johannesburg',
      timePeriod: 90,
      totalAmount: '1366.20',
      currency: 'ZAR',
      isAvailable: true,
    });
    const savedAt = Date.parse(rows[0].savedAt);
    expect(savedAt).toBeGreaterThanOrEqual(before - 60_000);
    expect(savedAt).toBeLessThanOrEqual(Date.now() + 60_000);
  });

  it('accepts the total as a number, as the spec sends it', async () => {
    // 30 days: 180.00 + 120.00 + 120.00 = 420.00, less 24.00; VAT on 396.00 = 59.40 → 455.40.
    const saved = await as(
      owner,
      '/api/virtualMachine/saveVMForLater',
      starterSave({ timePeriod: 30, totalAmount: 455.4 }),
    );
    expect(saved.statusCode).toBe(200);
  });

  it("refuses a total the server cannot reproduce, answering the current quote (on the company's tax basis)", async () => {
    const response = await as(
      owner,
      '/api/virtualMachine/saveVMForLater',
      starterSave({ timePeriod: 180, totalAmount: '1.00' }),
    );
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(
      'The price has changed. Please check the new total and try again.',
    );
    expect(response.json().data.quote.totalPayable).toBe('2732.40');
    // The spec's formula (tax before the discount) is not this company's price.
    const specFormula = await as(
      owner,
      '/api/virtualMachine/saveVMForLater',
      starterSave({ timePeriod: 180, totalAmount: '2754.00' }),
    );
    expect(specFormula.statusCode).toBe(409);
    expect(specFormula.json().data.quote).toMatchObject({
      taxBasis: 'afterDiscount',
      taxableAmount: '2376.00',
      taxAmount: '356.40',
    });
  });

  it('checks the total on the spec’s basis for a company that keeps it', async () => {
    await t.database.executeSql(
      `update companies set tax_basis = 'beforeDiscount' where slug = 'demo'`,
    );
    try {
      const response = await as(
        owner,
        '/api/virtualMachine/saveVMForLater',
        starterSave({ timePeriod: 180, totalAmount: '2754.00' }),
      );
      expect(response.statusCode).toBe(200);
    } finally {
      await t.database.executeSql(
        `update companies set tax_basis = 'afterDiscount' where slug = 'demo'`,
      );
    }
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
    // Debian Flex base: 2 GB × 43 + 50 GB × 1.10 + 1 × 59 = 200.00; VAT 30.00 → 230.00.
    const nairobi = regionIds['Nairobi'];
    const response = await as(
      owner,
      '/api/virtualMachine/saveVMForLater',
      debianSave({ region: nairobi }),
    );
    expect(response.statusCode).toBe(200);
    expect((await list(owner)).data[0]).toMatchObject({
      vmName: 'Debian Flex',
      regionID: nairobi,
      regionName: 'Nairobi',
      timePeriod: 0,
    });
  });

  it('answers "Already in your saved items" for a configuration saved before, and saves one that differs', async () => {
    const saver = await signUpAndLogIn(t.app, t.smtp);
    const first = await as(saver, '/api/virtualMachine/saveVMForLater', starterSave());
    expect(first.statusCode).toBe(200);
    const again = await as(saver, '/api/virtualMachine/saveVMForLater', starterSave());
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      status: 409,
      message: 'Already in your saved items',
      data: { ID: first.json().data.ID, isAlreadySaved: true },
    });
    // Units and the total as a number do not make it another configuration.
    const asNumber = await as(
      saver,
      '/api/virtualMachine/saveVMForLater',
      starterSave({ totalAmount: 1366.2, processorUnit: 'vCPU' }),
    );
    expect(asNumber.json().message).toBe('Already in your saved items');

    // Another period, other counts: other configurations.
    const otherPeriod = await as(
      saver,
      '/api/virtualMachine/saveVMForLater',
      starterSave({ timePeriod: 30, totalAmount: '455.40' }),
    );
    expect(otherPeriod.statusCode).toBe(200);
    // 30 days of 4 GB / 120 GB / 2 vCPU: 180.00 + 144.00 + 120.00 = 444.00, less 24.00;
    // VAT on 420.00 = 63.00 → 483.00.
    const otherDisk = await as(
      saver,
      '/api/virtualMachine/saveVMForLater',
      starterSave({ driveCount: 120, timePeriod: 30, totalAmount: '483.00' }),
    );
    expect(otherDisk.statusCode).toBe(200);

    // "No region" is one region: the same choice without one is a duplicate too; another region is not.
    expect((await as(saver, '/api/virtualMachine/saveVMForLater', debianSave())).statusCode).toBe(
      200,
    );
    const noRegionAgain = await as(saver, '/api/virtualMachine/saveVMForLater', debianSave());
    expect(noRegionAgain.statusCode).toBe(409);
    expect(noRegionAgain.json().data.isAlreadySaved).toBe(true);
    const inCapeTown = await as(
      saver,
      '/api/virtualMachine/saveVMForLater',
      debianSave({ region: regionIds['Cape Town'] }),
    );
    expect(inCapeTown.statusCode).toBe(200);
    expect((await list(saver)).data).toHaveLength(5);

    // Another customer saving the same configuration has it saved too.
    expect(
      (await as(stranger, '/api/virtualMachine/saveVMForLater', starterSave())).statusCode,
    ).toBe(200);
    await deleteAll(stranger);
  });

  it('saves it again once the saved copy is deleted', async () => {
    const saver = await signUpAndLogIn(t.app, t.smtp);
    const first = (await as(saver, '/api/virtualMachine/saveVMForLater', starterSave())).json();
    await as(saver, '/api/virtualMachine/deletedSavedVM', { savedProductID: first.data.ID });
    const again = await as(saver, '/api/virtualMachine/saveVMForLater', starterSave());
    expect(again.statusCode).toBe(200);
    expect(again.json().data.ID).not.toBe(first.data.ID);
  });

  it('keeps one row when the same configuration is saved many times at once (real connections)', async () => {
    const saver = await signUpAndLogIn(t.app, t.smtp);
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const port = Number(new URL(address).port);
    const cookie = Object.entries(saver.cookies)
      .map(([name, value]) => `${name}=${value}`)
      .join('; ');
    const body = starterSave();
    const answers = await sendAtOnce(
      port,
      Array.from({ length: 16 }, () => ({
        path: '/api/virtualMachine/saveVMForLater',
        body,
        headers: { origin: MAIN_ORIGIN, cookie, ...saver.csrf },
      })),
    );
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses).toEqual([200, ...Array<number>(15).fill(409)]);
    const savedId = (answers.find((answer) => answer.status === 200)!.json().data as { ID: number })
      .ID;
    for (const answer of answers.filter((candidate) => candidate.status === 409)) {
      expect(answer.json()).toMatchObject({
        message: 'Already in your saved items',
        data: { ID: savedId, isAlreadySaved: true },
      });
    }
    const { rows } = await t.database.executeSql(
      `select count(*)::int as saved from saved_vms s join customers c on c.id = s.customer_id
       where c.email = $1`,
      [saver.email],
    );
    expect(rows).toEqual([{ saved: 1 }]);
  });

  it('is kept unique by the database itself, whoever writes the row', async () => {
    const { rows } = await t.database.executeSql(
      `select id from saved_vms where product_id = $1 and region_id is null limit 1`,
      [products['Debian Flex']],
    );
    const copy = `insert into saved_vms (company_id, customer_id, product_id, memory_count, memory_unit,
         processor_count, processor_unit, drive_count, drive_unit, region_id, time_period_days,
         total_amount_minor, currency)
       select company_id, customer_id, product_id, memory_count, memory_unit, processor_count,
         processor_unit, drive_count, drive_unit, region_id, time_period_days, total_amount_minor, currency
       from saved_vms where id = $1`;
    await expect(t.database.executeSql(copy, [(rows[0] as { id: number }).id])).rejects.toThrow(
      /saved_vms_configuration_key/,
    );
  });

  it("never shows or deletes another customer's saved item", async () => {
    const saved = (await as(owner, '/api/virtualMachine/saveVMForLater', debianSave())).json().data;
    expect((await list(stranger)).data).toEqual([]);
    const attempt = await as(stranger, '/api/virtualMachine/deletedSavedVM', {
      savedProductID: saved.ID,
    });
    expect(attempt.statusCode).toBe(404);
    expect(attempt.json().message).toBe('This saved product does not exist');
    expect((await list(owner)).data.some((row: { ID: number }) => row.ID === saved.ID)).toBe(true);
  });

  it('deletes the caller’s own saved item, once', async () => {
    const saved = (
      await as(
        owner,
        '/api/virtualMachine/saveVMForLater',
        debianSave({ region: regionIds['Cape Town'] }),
      )
    ).json().data;
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
       select c.company_id, c.id, $2, 2, 'GB', 1, 'cores', 40, 'GB', period, 21390, 'ZAR'
       from customers c, generate_series(1, $3) as period where c.id = $1`,
      [(rows[0] as { id: number }).id, products['Ubuntu Starter'], SAVED_VMS_PER_CUSTOMER],
    );
    const full = await as(busy, '/api/virtualMachine/saveVMForLater', starterSave());
    expect(full.statusCode).toBe(422);
    expect(full.json().message).toBe(
      'You can keep up to 100 saved products. Delete one to save another.',
    );
    expect((await list(busy)).data).toHaveLength(SAVED_VMS_PER_CUSTOMER);
    // One of the hundred, saved again: it is already there (not "full").
    // Base for 30 days: 198.00 less 12.00; VAT on 186.00 = 27.90 → 213.90.
    const same = await as(
      busy,
      '/api/virtualMachine/saveVMForLater',
      starterSave({
        memoryCount: 2,
        driveCount: 40,
        processorCount: 1,
        region: 0,
        timePeriod: 30,
        totalAmount: '213.90',
      }),
    );
    expect(same.statusCode).toBe(409);
    expect(same.json().message).toBe('Already in your saved items');
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestAppWithMail, MAIN_ORIGIN, SECOND_ORIGIN } from '../../../test/support/test-app';
import { post, signUpAndLogIn } from '../../../test/support/accounts';
import { and, eq } from 'drizzle-orm';
import { companies, productServiceClouds, productServices } from '../../db/schema/company';

let t: Awaited<ReturnType<typeof createTestAppWithMail>>;
let customer: Awaited<ReturnType<typeof signUpAndLogIn>>;
beforeAll(async () => {
  t = await createTestAppWithMail();
  customer = await signUpAndLogIn(t.app, t.smtp);
});
afterAll(() => t.close());

type Card = { productID: number; productName: string; vm_Cost?: string; osType: string };

const asCustomer = (url: string, payload: object) =>
  post(t.app, url, payload, { cookies: customer.cookies, headers: customer.csrf });

async function productNamed(name: string): Promise<Card> {
  const body = (await asCustomer('/api/marketPlace/getProducts', { pageSize: 48 })).json();
  const card = [...body.data.VMProducts, ...body.data.GoldVMData].find(
    (candidate: Card) => candidate.productName === name,
  );
  if (!card) throw new Error(`no product ${name}`);
  return card;
}

describe('marketPlace/getProducts', () => {
  it('shows a visitor the catalogue, clouds and filter choices, without a single price field', async () => {
    const response = await post(t.app, '/api/marketPlace/getProducts', { websiteUrl: MAIN_ORIGIN });
    expect(response.statusCode).toBe(200);
    const data = response.json().data;
    expect(data.pricesVisible).toBe(false);
    expect(data.VMProducts.length).toBeGreaterThan(5);
    expect(data.GoldVMData.map((card: Card) => card.productName)).toEqual([
      'Custom GPU-ready Ubuntu',
      'Custom Windows SQL Host',
    ]);
    expect(data.VMProductsTotal).toBe(9);
    expect(data.GoldVMDataTotal).toBe(2);
    expect(response.body).not.toMatch(/vm_Cost|costPerUnit|totalCost/);
    expect(data.VMProducts[0]).toMatchObject({
      productName: 'Ubuntu Starter',
      osType: 'Ubuntu',
      vm_RAM_Count: 2,
      vm_RAM_Unit: 'GB',
      vm_Driver_Count: 40,
      vm_CPU_Count: 1,
      vm_Currency: 'ZAR',
      regionName: 'Johannesburg',
      imagePath: null,
    });
    expect(data.cloudData[0]).toMatchObject({
      cloudTitle: expect.any(String),
      websiteUrl: expect.any(String),
    });
    expect(data.filterData.operatingSystem.map((os: { name: string }) => os.name)).toContain(
      'Ubuntu',
    );
    expect(data.filterData.country.map((region: { name: string }) => region.name)).toEqual([
      'Johannesburg',
      'Cape Town',
      'Nairobi',
    ]);
    expect(data.filterData.ipType.map((ip: { name: string }) => ip.name)).toEqual([
      'Private IP',
      'Public IP',
    ]);
    expect(data.filterData.specs.processor).toEqual(
      [...data.filterData.specs.processor].sort((a: number, b: number) => a - b),
    );
  });

  it("shows a logged-in customer the prices, computed from the product's lines", async () => {
    const data = (await asCustomer('/api/marketPlace/getProducts', {})).json().data;
    expect(data.pricesVisible).toBe(true);
    // Ubuntu Starter: 2 GB × 45.00 + 40 GB × 1.20 + 1 vCPU × 60.00 = 198.00 for 30 days.
    expect(data.VMProducts[0]).toMatchObject({ productName: 'Ubuntu Starter', vm_Cost: '198.00' });
  });

  it('treats a session of another company as a visitor', async () => {
    const response = await post(
      t.app,
      '/api/marketPlace/getProducts',
      {},
      {
        origin: SECOND_ORIGIN,
        cookies: customer.cookies,
      },
    );
    const data = response.json().data;
    expect(data.pricesVisible).toBe(false);
    expect(response.body).not.toContain('vm_Cost');
    expect(data.VMProducts.map((card: Card) => card.productName)).toEqual([
      'VPS Small',
      'VPS Medium',
      'Windows VPS',
    ]);
  });

  it('narrows to one cloud service by name, in any case', async () => {
    const data = (
      await post(t.app, '/api/marketPlace/getProducts', { serviceName: 'kubernetes' })
    ).json().data;
    expect(data.VMProducts.map((card: Card) => card.productName)).toEqual([
      'Kubernetes Worker Node',
    ]);
    expect(data.GoldVMData).toEqual([]);
    expect(data.filterData.operatingSystem.map((os: { name: string }) => os.name)).toEqual([
      'Kubernetes',
    ]);
    const unknown = (
      await post(t.app, '/api/marketPlace/getProducts', { serviceName: 'Mainframes' })
    ).json();
    expect(unknown.status).toBe(200);
    expect(unknown.data.VMProductsTotal).toBe(0);
  });

  it('says whether the named service exists: sold, listed by a business unit, or neither', async () => {
    const serviceExists = async (serviceName: string, origin = MAIN_ORIGIN) =>
      (await post(t.app, '/api/marketPlace/getProducts', { serviceName }, { origin })).json().data
        .serviceExists;
    expect(await serviceExists('')).toBe(true);
    expect(await serviceExists('KUBERNETES')).toBe(true);
    expect(await serviceExists('Nope')).toBe(false);

    // A service a business unit lists before any product is sold under it still exists, for
    // that company only.
    const [unit] = await t.database.db
      .select({ id: productServices.id })
      .from(productServices)
      .innerJoin(companies, eq(companies.id, productServices.companyId))
      .where(
        and(eq(companies.slug, 'demo'), eq(productServices.businessName, 'Cloud Infrastructure')),
      );
    await t.database.db
      .insert(productServiceClouds)
      .values({ productServiceId: unit!.id, serviceName: ' Object Storage ', description: 'S3' });
    expect(await serviceExists('object storage')).toBe(true);
    expect(await serviceExists('object storage', SECOND_ORIGIN)).toBe(false);
    expect(await serviceExists('Kubernetes', SECOND_ORIGIN)).toBe(false);
  });

  it('pages each section', async () => {
    const first = (await post(t.app, '/api/marketPlace/getProducts', { pageSize: 4 })).json().data;
    expect(first.VMProducts).toHaveLength(4);
    expect(first.VMProductsTotal).toBe(9);
    const third = (
      await post(t.app, '/api/marketPlace/getFilteredProducts', {
        page: 3,
        pageSize: 4,
        section: 'VMProducts',
      })
    ).json().data[0];
    expect(third.VMProducts).toHaveLength(1);
    expect(third.GoldVMData).toEqual([]);
    expect(third.page).toBe(3);
  });

  it('refuses a page size over the maximum', async () => {
    const response = await post(t.app, '/api/marketPlace/getProducts', { pageSize: 500 });
    expect(response.statusCode).toBe(400);
  });
});

describe('marketPlace/getFilteredProducts', () => {
  const filter = async (payload: object) =>
    (await post(t.app, '/api/marketPlace/getFilteredProducts', payload)).json().data[0];
  let ids: {
    os: Record<string, number>;
    region: Record<string, number>;
    ip: Record<string, number>;
  };
  beforeAll(async () => {
    const { filterData } = (await post(t.app, '/api/marketPlace/getProducts', {})).json().data;
    const byName = (options: { ID: number; name: string }[]) =>
      Object.fromEntries(options.map((option) => [option.name, option.ID]));
    ids = {
      os: byName(filterData.operatingSystem),
      region: byName(filterData.country),
      ip: byName(filterData.ipType),
    };
  });

  it('with every filter unset answers the whole first page', async () => {
    const page = await filter({});
    expect(page.VMProductsTotal).toBe(9);
    expect(page.GoldVMDataTotal).toBe(2);
  });

  it('filters by operating system, across both sections', async () => {
    const page = await filter({ operatingSystem: ids.os['Windows Server'] });
    expect(page.VMProducts.map((card: Card) => card.productName)).toEqual([
      'Windows Server Standard',
    ]);
    expect(page.GoldVMData.map((card: Card) => card.productName)).toEqual([
      'Custom Windows SQL Host',
    ]);
  });

  it('combines OS, region and IP type', async () => {
    const ubuntuPublic = await filter({
      operatingSystem: ids.os.Ubuntu,
      IPType: ids.ip['Public IP'],
    });
    expect(ubuntuPublic.VMProducts.map((card: Card) => card.productName)).toEqual([
      'Ubuntu Business',
    ]);
    const ubuntuNairobi = await filter({
      operatingSystem: ids.os.Ubuntu,
      region: ids.region.Nairobi,
    });
    expect(ubuntuNairobi.VMProducts.map((card: Card) => card.productName)).toEqual([
      'Ubuntu Nairobi',
    ]);
    const none = await filter({
      operatingSystem: ids.os.Kubernetes,
      region: ids.region['Cape Town'],
    });
    expect(none.VMProductsTotal + none.GoldVMDataTotal).toBe(0);
  });

  it('narrows to one virtual machine, and by base counts', async () => {
    const starter = await productNamed('Ubuntu Starter');
    const one = await filter({ operatingSystem: ids.os.Ubuntu, virtualMachine: starter.productID });
    expect(one.VMProducts.map((card: Card) => card.productName)).toEqual(['Ubuntu Starter']);
    const sixteenGb = await filter({ memory: 16 });
    expect(
      [...sixteenGb.VMProducts, ...sixteenGb.GoldVMData]
        .map((card: Card) => card.productName)
        .sort(),
    ).toEqual(['Custom Windows SQL Host', 'Red Hat Enterprise Premium']);
    const fourCpuHundredDisk = await filter({ processor: 4, disk: 100 });
    expect(fourCpuHundredDisk.VMProducts.map((card: Card) => card.productName)).toEqual([
      'Kubernetes Worker Node',
    ]);
  });

  it("never shows another company's products, even by id", async () => {
    const starter = await productNamed('Ubuntu Starter');
    const page = (
      await post(
        t.app,
        '/api/marketPlace/getFilteredProducts',
        { virtualMachine: starter.productID },
        { origin: SECOND_ORIGIN },
      )
    ).json().data[0];
    expect(page.VMProductsTotal + page.GoldVMDataTotal).toBe(0);
  });

  it('shows prices to a customer only', async () => {
    const visitor = await post(t.app, '/api/marketPlace/getFilteredProducts', { memory: 2 });
    expect(visitor.body).not.toContain('vm_Cost');
    const signedIn = (
      await asCustomer('/api/marketPlace/getFilteredProducts', { memory: 2 })
    ).json();
    expect(signedIn.data[0].VMProducts[0].vm_Cost).toMatch(/^\d+\.\d{2}$/);
  });

  it('refuses negative or non-numeric filters', async () => {
    const response = await post(t.app, '/api/marketPlace/getFilteredProducts', { region: -1 });
    expect(response.statusCode).toBe(400);
    const text = await post(t.app, '/api/marketPlace/getFilteredProducts', { IPType: 'public' });
    expect(text.statusCode).toBe(400);
  });
});

describe('marketPlace/getProductNames', () => {
  it("lists one OS's products by name, searchable, escaping wildcards", async () => {
    const { filterData } = (await post(t.app, '/api/marketPlace/getProducts', {})).json().data;
    const ubuntu = filterData.operatingSystem.find(
      (os: { name: string }) => os.name === 'Ubuntu',
    ).ID;
    const all = (
      await post(t.app, '/api/marketPlace/getProductNames', { operatingSystem: ubuntu })
    ).json();
    expect(all.data.map((row: { productName: string }) => row.productName)).toEqual([
      'Custom GPU-ready Ubuntu',
      'Node Weaver Edge Appliance',
      'Ubuntu Business',
      'Ubuntu Nairobi',
      'Ubuntu Starter',
    ]);
    const searched = (
      await post(t.app, '/api/marketPlace/getProductNames', {
        operatingSystem: ubuntu,
        search: 'busi',
      })
    ).json();
    expect(searched.data.map((row: { productName: string }) => row.productName)).toEqual([
      'Ubuntu Business',
    ]);
    const wildcard = (
      await post(t.app, '/api/marketPlace/getProductNames', {
        operatingSystem: ubuntu,
        search: '%',
      })
    ).json();
    expect(wildcard.data).toEqual([]);
    const missing = await post(t.app, '/api/marketPlace/getProductNames', {});
    expect(missing.statusCode).toBe(400);
  });
});

describe('marketPlace/getSpecification', () => {
  it('gives a visitor the lines by sequence without costs, a customer with them', async () => {
    const starter = await productNamed('Ubuntu Starter');
    const visitor = await post(t.app, '/api/marketPlace/getSpecification', {
      productID: starter.productID,
    });
    expect(visitor.statusCode).toBe(200);
    expect(visitor.body).not.toMatch(/costPerUnit|totalCost/);
    expect(
      visitor.json().data.map((line: { specificationName: string }) => line.specificationName),
    ).toEqual(['Memory', 'Disk', 'Processor']);
    const signedIn = (
      await asCustomer('/api/marketPlace/getSpecification', { productID: starter.productID })
    ).json().data;
    expect(signedIn[0]).toEqual({
      specificationName: 'Memory',
      specificationUnit: 'GB',
      specificationCount: 2,
      minValue: 1,
      maxValue: 16,
      size: 1,
      costPerUnit: '45.00',
      totalCost: '90.00',
      sequence: 1,
      tax: 15,
    });
  });

  it("answers 404 for an unknown product or another company's", async () => {
    const starter = await productNamed('Ubuntu Starter');
    const unknown = await post(t.app, '/api/marketPlace/getSpecification', { productID: 999_999 });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('This product is not available');
    const otherCompany = await post(
      t.app,
      '/api/marketPlace/getSpecification',
      { productID: starter.productID },
      { origin: SECOND_ORIGIN },
    );
    expect(otherCompany.statusCode).toBe(404);
  });
});

describe('marketPlace/getVMProductDetails', () => {
  it('is for customers only', async () => {
    const starter = await productNamed('Ubuntu Starter');
    const visitor = await post(t.app, '/api/marketPlace/getVMProductDetails', {
      productID: starter.productID,
    });
    expect(visitor.statusCode).toBe(401);
    const noCsrf = await post(
      t.app,
      '/api/marketPlace/getVMProductDetails',
      { productID: starter.productID },
      { cookies: customer.cookies },
    );
    expect(noCsrf.statusCode).toBe(403);
  });

  it('answers the product, its lines, CPU rules, periods, tax country, gateways and discounts', async () => {
    const starter = await productNamed('Ubuntu Starter');
    const data = (
      await asCustomer('/api/marketPlace/getVMProductDetails', { productID: starter.productID })
    ).json().data;
    expect(data.VMProductDetail).toMatchObject({
      productName: 'Ubuntu Starter',
      vm_Cost: '198.00',
      vm_currency: 'ZAR',
      taxValue: 15,
      vm_countryCode: 'ZA',
      regionName: 'Johannesburg',
      isPremium: 0,
      sendMailForLicense: 0,
      cpu_Cost_Total: '60.00',
    });
    expect(data.vmSpec.map((line: { sequence: number }) => line.sequence)).toEqual([1, 2, 3]);
    expect(data.ramCpuDependecy[0]).toEqual({ ramStartLimit: 1, ramEndLimit: 2, cpuCount: 1 });
    expect(data.timePeriod.map((period: { days: number }) => period.days)).toEqual([
      30, 90, 180, 365,
    ]);
    // The product lists Ozow and PayPal too, but the demo company has no Ozow API key and no
    // PayPal credentials (ADR 016).
    expect(data.paymentGateway).toEqual(['Sandbox Payment', 'PayFast Payment']);
    expect(data.byPassflag).toBe(0);
    expect(data.taxBasis).toBe('afterDiscount');
    expect(data.discount).toEqual({ ramDiscount: 10, diskDiscount: 0, cpuDiscount: 5 });
    expect(data.country).toMatchObject({
      countryName: 'South Africa',
      taxValue: 15,
      currency: 'ZAR',
    });
  });

  it('carries the licence flag and PDF of a Windows product, and the bypass flag', async () => {
    const windows = await productNamed('Windows Server Standard');
    const details = (
      await asCustomer('/api/marketPlace/getVMProductDetails', { productID: windows.productID })
    ).json().data;
    expect(details.VMProductDetail).toMatchObject({
      sendMailForLicense: 1,
      microsoftLicensePath: '/uploads/demo/microsoft-license.pdf',
    });
    const licence = await t.app.inject({
      method: 'GET',
      url: details.VMProductDetail.microsoftLicensePath,
    });
    expect(licence.statusCode).toBe(200);
    expect(licence.headers['content-type']).toContain('application/pdf');
    const gpu = await productNamed('Custom GPU-ready Ubuntu');
    const gold = (
      await asCustomer('/api/marketPlace/getVMProductDetails', { productID: gpu.productID })
    ).json().data;
    expect(gold).toMatchObject({ byPassflag: 1, paymentGateway: [] });
    expect(gold.VMProductDetail.isGoldCopy).toBe(1);
  });

  it("answers 404 for another company's product", async () => {
    const other = (
      await post(t.app, '/api/marketPlace/getProducts', {}, { origin: SECOND_ORIGIN })
    ).json().data.VMProducts[0];
    const response = await asCustomer('/api/marketPlace/getVMProductDetails', {
      productID: other.productID,
    });
    expect(response.statusCode).toBe(404);
  });
});

describe('marketPlace/getVMQuote', () => {
  const setTaxBasis = (slug: string, basis: 'beforeDiscount' | 'afterDiscount') =>
    t.database.executeSql(`update companies set tax_basis = $1 where slug = $2`, [basis, slug]);
  const starterFor90Days = async () =>
    asCustomer('/api/marketPlace/getVMQuote', {
      productID: (await productNamed('Ubuntu Starter')).productID,
      memory: 4,
      disk: 100,
      processor: 2,
      timePeriod: 90,
    });
  // 90 days = 3 × the 30-day cost. Memory 4 × 45 × 3 = 540.00 (10 % off: 54.00); disk
  // 100 × 1.20 × 3 = 360.00; processor 2 × 60 × 3 = 360.00 (5 % off: 18.00). Total 1260.00,
  // discount 72.00.
  const starterLines = [
    { item: 'Memory', size: 4, unit: 'GB', price: '540.00', discount: '54.00' },
    { item: 'Disk', size: 100, unit: 'GB', price: '360.00', discount: '0.00' },
    { item: 'Processor', size: 2, unit: 'vCPU', price: '360.00', discount: '18.00' },
  ];

  it('prices a configuration as vm-lifecycle.md §4 does, for a company on the spec’s tax basis', async () => {
    await setTaxBasis('demo', 'beforeDiscount');
    try {
      const response = await starterFor90Days();
      expect(response.statusCode).toBe(200);
      // VAT 15 % of the total 1260.00 = 189.00; payable 1260 − 72 + 189 = 1377.00.
      expect(response.json().data).toEqual({
        lines: starterLines,
        days: 90,
        totalPrice: '1260.00',
        discountAmount: '72.00',
        taxBasis: 'beforeDiscount',
        taxableAmount: '1260.00',
        taxPercent: 15,
        taxAmount: '189.00',
        totalPayable: '1377.00',
        currency: 'ZAR',
      });
    } finally {
      await setTaxBasis('demo', 'afterDiscount');
    }
  });

  it('taxes the discounted price for a company that chose tax after discount (the demo’s South African one)', async () => {
    const response = await starterFor90Days();
    expect(response.statusCode).toBe(200);
    // VAT 15 % of (1260.00 − 72.00 = 1188.00) = 178.20; payable 1188.00 + 178.20 = 1366.20.
    expect(response.json().data).toEqual({
      lines: starterLines,
      days: 90,
      totalPrice: '1260.00',
      discountAmount: '72.00',
      taxBasis: 'afterDiscount',
      taxableAmount: '1188.00',
      taxPercent: 15,
      taxAmount: '178.20',
      totalPayable: '1366.20',
      currency: 'ZAR',
    });
  });

  it('tells the browser each company’s tax basis with the product', async () => {
    const baobab = await signUpAndLogIn(t.app, t.smtp, {}, SECOND_ORIGIN);
    const card = (
      await post(t.app, '/api/marketPlace/getProducts', {}, { origin: SECOND_ORIGIN })
    ).json().data.VMProducts[0];
    const details = await post(
      t.app,
      '/api/marketPlace/getVMProductDetails',
      { productID: card.productID },
      { origin: SECOND_ORIGIN, cookies: baobab.cookies, headers: baobab.csrf },
    );
    expect(details.json().data.taxBasis).toBe('beforeDiscount');
  });

  it('prices 30 days while no period is chosen', async () => {
    const starter = await productNamed('Ubuntu Starter');
    const data = (
      await asCustomer('/api/marketPlace/getVMQuote', {
        productID: starter.productID,
        memory: 2,
        disk: 40,
        processor: 1,
      })
    ).json().data;
    expect(data).toMatchObject({ days: 30, totalPrice: '198.00' });
  });

  it('refuses counts the product does not offer, a processor not following memory, an unknown period', async () => {
    const starter = await productNamed('Ubuntu Starter');
    const quote = (payload: object) =>
      asCustomer('/api/marketPlace/getVMQuote', { productID: starter.productID, ...payload });
    const tooMuchMemory = await quote({ memory: 17, disk: 40, processor: 6 });
    expect(tooMuchMemory.statusCode).toBe(400);
    expect(tooMuchMemory.json().message).toBe('Memory must be between 1 and 16 GB, in steps of 1');
    const offStep = await quote({ memory: 2, disk: 45, processor: 1 });
    expect(offStep.json().data.errors).toEqual([
      { field: 'disk', message: 'Disk must be between 20 and 500 GB, in steps of 10' },
    ]);
    const wrongCpu = await quote({ memory: 2, disk: 40, processor: 4 });
    expect(wrongCpu.json().message).toBe('The processor count follows the chosen memory');
    const period = await quote({ memory: 2, disk: 40, processor: 1, timePeriod: 45 });
    expect(period.json().message).toBe('This time period is not offered');
  });

  it('keeps a premium or fixed-spec product at its configuration', async () => {
    const premium = await productNamed('Red Hat Enterprise Premium');
    const moved = await asCustomer('/api/marketPlace/getVMQuote', {
      productID: premium.productID,
      memory: 16,
      disk: 250,
      processor: 6,
      timePeriod: 30,
    });
    expect(moved.statusCode).toBe(200);
    const kubernetes = await productNamed('Kubernetes Worker Node');
    const changed = await asCustomer('/api/marketPlace/getVMQuote', {
      productID: kubernetes.productID,
      memory: 16,
      disk: 100,
      processor: 4,
    });
    expect(changed.statusCode).toBe(400);
    expect(changed.json().message).toBe('Memory is fixed at 8 for this product');
  });

  it('is for customers only', async () => {
    const response = await post(t.app, '/api/marketPlace/getVMQuote', {
      productID: 1,
      memory: 2,
      disk: 40,
      processor: 1,
    });
    expect(response.statusCode).toBe(401);
  });
});

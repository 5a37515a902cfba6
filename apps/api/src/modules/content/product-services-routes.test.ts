import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productEnquiries } from '../../db/schema/content';
import {
  createTestAppWithMail,
  MAIN_ORIGIN,
  postJson,
  SECOND_ORIGIN,
} from '../../../test/support/test-app';

let t: Awaited<ReturnType<typeof createTestAppWithMail>>;
beforeAll(async () => {
  t = await createTestAppWithMail();
});
afterAll(() => t.close());

describe('POST /api/productServicesData/getProductDetails', () => {
  it('finds a unit by its route slug (slashes removed) or its name, in any case', async () => {
    for (const productName of [
      'BackupDisaster Recovery',
      'Backup/Disaster Recovery',
      'backupdisaster recovery',
    ]) {
      const data = (
        await postJson(t.app, '/api/productServicesData/getProductDetails', { productName })
      ).json().data;
      expect(data.businessData).toMatchObject({
        businessName: 'Backup/Disaster Recovery',
        serviceOption: 'RedirectionURL',
      });
      expect(data.sideMenu).toEqual([
        { businessName: 'Cloud Infrastructure', slug: 'Cloud Infrastructure' },
        { businessName: 'Backup/Disaster Recovery', slug: 'BackupDisaster Recovery' },
        { businessName: 'Enterprise Networking', slug: 'Enterprise Networking' },
      ]);
    }
  });

  it('gives the first unit for an empty name and null for an unknown one', async () => {
    const first = (await postJson(t.app, '/api/productServicesData/getProductDetails', {})).json()
      .data;
    expect(first.businessData.businessName).toBe('Cloud Infrastructure');
    const unknown = (
      await postJson(t.app, '/api/productServicesData/getProductDetails', {
        productName: 'Web Hosting',
      })
    ).json().data;
    expect(unknown.businessData).toBeNull();
  });
});

describe('POST /api/productServicesData/getCloudProducts', () => {
  it("lists a unit's cloud services, and 404 for another company's unit", async () => {
    const clouds = (
      await postJson(t.app, '/api/productServicesData/getCloudProducts', {
        serviceName: 'Cloud Infrastructure',
      })
    ).json().data;
    expect(clouds.map((cloud: { serviceName: string }) => cloud.serviceName)).toEqual([
      'Virtual Machines',
      'Kubernetes',
    ]);
    const other = await postJson(t.app, '/api/productServicesData/getCloudProducts', {
      serviceName: 'Web Hosting',
    });
    expect(other.statusCode).toBe(404);
  });
});

describe('POST /api/productServicesData/sendQueryMail', () => {
  const enquiry = {
    name: 'Thabo Mokoena',
    emailID: 'thabo@example.co.za',
    queryData: 'We need a 1 Gbps link between Rosebank and Teraco.',
    productService: 'Enterprise Networking',
  };

  it("stores the enquiry, mails the company and thanks the sender with the spec's message", async () => {
    const response = await postJson(t.app, '/api/productServicesData/sendQueryMail', enquiry);
    expect(response.json()).toEqual({
      status: 200,
      message: 'Your request have been submitted!',
      data: null,
    });
    const toCompany = await t.smtp.waitFor(
      (mail) => mail.subject === 'Enquiry about Enterprise Networking from Thabo Mokoena',
    );
    expect(toCompany.to).toEqual(['support@nimbusafrica.example']);
    expect(toCompany.replyTo).toBe('thabo@example.co.za');
    const thanks = await t.smtp.waitFor(
      (mail) =>
        mail.to.includes('thabo@example.co.za') &&
        mail.subject === 'Your enquiry to Nimbus Africa Cloud',
    );
    expect(thanks.text).not.toMatch(/Thabo|Rosebank|Enterprise Networking/);
  });

  it.each([
    [{ ...enquiry, name: ' ' }, 'name', 'Name required'],
    [{ ...enquiry, queryData: '' }, 'queryData', 'Description required'],
    [{ ...enquiry, productService: '' }, 'productService', 'Product Service required'],
    [{ ...enquiry, emailID: '' }, 'emailID', 'Email required'],
    [{ ...enquiry, emailID: 'thabo@' }, 'emailID', 'Please enter a valid Email'],
  ])('refuses %j with %s "%s"', async (payload, field, message) => {
    const before = (await t.database.db.select().from(productEnquiries)).length;
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/productServicesData/sendQueryMail',
      headers: { origin: MAIN_ORIGIN },
      remoteAddress: `10.2.0.${field.length}`,
      payload,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().data.errors).toContainEqual({ field, message });
    expect(await t.database.db.select().from(productEnquiries)).toHaveLength(before);
  });

  it("refuses a product service the company doesn't offer", async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/productServicesData/sendQueryMail',
      headers: { origin: SECOND_ORIGIN },
      remoteAddress: '10.2.1.1',
      payload: enquiry,
    });
    expect(response.statusCode).toBe(400);
  });
});

describe('POST /api/marketplace/getExternalCloud', () => {
  it("lists the company's partners, and none for a company without", async () => {
    const partners = (await postJson(t.app, '/api/marketplace/getExternalCloud', {})).json().data;
    expect(partners[0]).toMatchObject({
      cloudTitle: 'Savanna Object Storage',
      websiteUrl: 'https://storage.savanna.example',
      imagePath: '/uploads/demo/partner-storage.svg',
    });
    expect(
      (await postJson(t.app, '/api/marketplace/getExternalCloud', {}, SECOND_ORIGIN)).json().data,
    ).toEqual([]);
  });
});

describe('POST /api/redirect/check', () => {
  const check = (url: string, origin = MAIN_ORIGIN) =>
    postJson(t.app, '/api/redirect/check', { url }, origin);

  it.each([
    ['/customerprofile/2', 'http://localhost:3000/customerprofile/2'],
    ['http://127.0.0.1:3000/home', 'http://127.0.0.1:3000/home'],
    ['https://www.nimbusafrica.example/about', 'https://www.nimbusafrica.example/about'],
    [
      'https://www.nimbusafrica.example/benefits/startups?ref=portal',
      'https://www.nimbusafrica.example/benefits/startups?ref=portal',
    ],
    ['https://backup.nimbusafrica.example/', 'https://backup.nimbusafrica.example/'],
    ['https://www.kilimanjaro-cdn.example/pricing', 'https://www.kilimanjaro-cdn.example/pricing'],
  ])('follows %s', async (url, resolved) => {
    const response = await check(url);
    expect(response.json()).toEqual({ status: 200, message: 'Success', data: { url: resolved } });
  });

  it.each([
    'https://evil.example/phish',
    '//evil.example/phish',
    'javascript:alert(document.cookie)',
    'data:text/html,<script>alert(1)</script>',
    'http://localhost:3000@evil.example/',
    'http://user:pass@localhost:3000/',
    'http://127.0.0.2:3000/home',
  ])('refuses %s', async (url) => {
    const response = await check(url);
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe('This link cannot be followed');
  });
});

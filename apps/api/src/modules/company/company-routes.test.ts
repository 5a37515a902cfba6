import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq, sql } from 'drizzle-orm';
import { companies } from '../../db/schema/company';
import {
  createTestApp,
  MAIN_ORIGIN,
  postJson,
  SECOND_ORIGIN,
  type TestApp,
} from '../../../test/support/test-app';

const migrationsDir = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../db/migrations',
);

/** The one migration statement that starts so, wherever the migrations are squashed to. */
function findMigrationStatement(start: string): string {
  const statements = fs
    .readdirSync(migrationsDir)
    .filter((file) => file.endsWith('.sql'))
    .flatMap((file) =>
      fs.readFileSync(path.join(migrationsDir, file), 'utf8').split('--> statement-breakpoint'),
    )
    .map((statement) => statement.replace(/^\s*--.*$/gm, '').trim())
    .filter((statement) => statement.startsWith(start));
  if (statements.length !== 1)
    throw new Error(`${statements.length} statements start with ${start}`);
  return statements[0]!;
}

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('POST /api/getCompanyConfiguration', () => {
  it('answers the configuration of the company named by customerUrl', async () => {
    const response = await postJson(t.app, '/api/getCompanyConfiguration', {
      customerUrl: MAIN_ORIGIN,
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.status).toBe(200);
    expect(body.data).toMatchObject({
      companyName: 'Nimbus Africa Cloud',
      contactNo: '+27 21 555 0142',
      country: 'South Africa',
      emailID: 'support@nimbusafrica.example',
      officeAddress: 'Bandwidth Barn, 125 Buitengracht Street',
      youtube: null,
      registrationAgreement: null,
      termCondition: null,
      defaultLanguage: 'en',
    });
  });

  it('falls back to the Origin header, then to the Host the request was sent to', async () => {
    const byOrigin = await postJson(t.app, '/api/getCompanyConfiguration', {}, SECOND_ORIGIN);
    expect(byOrigin.json().data.companyName).toBe('Baobab Hosting');

    const byHost = await t.app.inject({
      method: 'POST',
      url: '/api/getCompanyConfiguration',
      headers: { host: '127.0.0.2:3000' },
      payload: {},
    });
    expect(byHost.json().data.companyName).toBe('Baobab Hosting');

    const noBody = await t.app.inject({
      method: 'POST',
      url: '/api/getCompanyConfiguration',
      headers: { host: 'localhost:3000' },
    });
    expect(noBody.json().data.companyName).toBe('Nimbus Africa Cloud');
  });

  it("gives a request naming the other company's origin that company's data and none of the first one's", async () => {
    const response = await postJson(
      t.app,
      '/api/getCompanyConfiguration',
      { customerUrl: SECOND_ORIGIN },
      MAIN_ORIGIN,
    );
    const text = response.body;
    expect(response.json().data.companyName).toBe('Baobab Hosting');
    expect(text).not.toContain('Nimbus');
    expect(text).not.toContain('nimbusafrica');
  });

  it('treats origins case-insensitively and ignores paths', async () => {
    const response = await postJson(t.app, '/api/getCompanyConfiguration', {
      customerUrl: 'HTTP://LOCALHOST:3000/home?x=1',
    });
    expect(response.json().data.companyName).toBe('Nimbus Africa Cloud');
  });

  it("answers 404 'Company not registered yet' for an unknown origin", async () => {
    const response = await postJson(t.app, '/api/getCompanyConfiguration', {
      customerUrl: 'https://unknown.example',
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      status: 404,
      message: 'Company not registered yet',
      data: null,
    });
  });

  it('refuses a customerUrl that is not a web address', async () => {
    const response = await postJson(t.app, '/api/getCompanyConfiguration', {
      customerUrl: 'javascript:alert(1)',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().data.errors).toEqual([
      { field: 'customerUrl', message: 'Enter a valid website address' },
    ]);
  });

  describe("the brand's own facts (ADR 014)", () => {
    const configurationOf = async (origin: string) =>
      (await postJson(t.app, '/api/getCompanyConfiguration', {}, origin)).json().data;

    it("answers each company's country, dialling code, time zone and support hours", async () => {
      expect(await configurationOf(MAIN_ORIGIN)).toMatchObject({
        countryIsoCode: 'ZA',
        dialCode: '+27',
        timeZone: 'Africa/Johannesburg',
        supportHours: { days: [1, 2, 3, 4, 5], opensAt: '08:30', closesAt: '17:00' },
      });
      expect(await configurationOf(SECOND_ORIGIN)).toMatchObject({
        countryIsoCode: 'KE',
        dialCode: '+254',
        timeZone: 'Africa/Nairobi',
        supportHours: { days: [1, 2, 3, 4, 5, 6], opensAt: '08:00', closesAt: '18:00' },
      });
    });

    it('follows a change of the company, and answers no dialling code for no country', async () => {
      const second = eq(companies.slug, 'demo-two');
      try {
        await t.database.db
          .update(companies)
          .set({ countryIsoCode: 'ZA', timeZone: 'Africa/Johannesburg', supportDays: [5, 1, 1] })
          .where(second);
        expect(await configurationOf(SECOND_ORIGIN)).toMatchObject({
          countryIsoCode: 'ZA',
          dialCode: '+27',
          timeZone: 'Africa/Johannesburg',
          supportHours: { days: [1, 5] },
        });
        await t.database.db.update(companies).set({ countryIsoCode: null }).where(second);
        expect(await configurationOf(SECOND_ORIGIN)).toMatchObject({
          countryIsoCode: null,
          dialCode: null,
        });
      } finally {
        await t.database.db
          .update(companies)
          .set({
            countryIsoCode: 'KE',
            timeZone: 'Africa/Nairobi',
            supportDays: [1, 2, 3, 4, 5, 6],
          })
          .where(second);
      }
    });

    it('refuses support hours that are not HH:MM and weekdays outside 1 to 7', async () => {
      const second = eq(companies.slug, 'demo-two');
      await expect(
        t.database.db.update(companies).set({ supportOpensAt: '8:30' }).where(second),
      ).rejects.toThrow();
      await expect(
        t.database.db.update(companies).set({ supportClosesAt: '24:00' }).where(second),
      ).rejects.toThrow();
      await expect(
        t.database.db
          .update(companies)
          .set({ supportDays: [1, 8] })
          .where(second),
      ).rejects.toThrow();
      await expect(
        t.database.db.update(companies).set({ supportDays: [] }).where(second),
      ).rejects.toThrow();
      await expect(
        t.database.db.update(companies).set({ countryIsoCode: 'XX' }).where(second),
      ).rejects.toThrow();
      expect(await configurationOf(SECOND_ORIGIN)).toMatchObject({
        countryIsoCode: 'KE',
        supportHours: { days: [1, 2, 3, 4, 5, 6], opensAt: '08:00', closesAt: '18:00' },
      });
    });

    it("gives a company that predates the facts its country's code by name (the migration's backfill)", async () => {
      const backfill = findMigrationStatement('UPDATE "companies" SET "country_iso_code"');
      const [row] = await t.database.db
        .insert(companies)
        .values({
          slug: 'old-kenyan',
          name: 'Old Kenyan',
          portalUrl: 'http://old.example',
          country: ' kenya ',
        })
        .returning();
      try {
        await t.database.db.execute(sql.raw(backfill));
        const [after] = await t.database.db
          .select()
          .from(companies)
          .where(eq(companies.id, row!.id));
        expect(after).toMatchObject({
          countryIsoCode: 'KE',
          timeZone: 'Africa/Johannesburg',
          supportOpensAt: '08:30',
          supportClosesAt: '17:00',
          supportDays: [1, 2, 3, 4, 5],
        });
      } finally {
        await t.database.db.delete(companies).where(eq(companies.id, row!.id));
      }
    });
  });

  describe('while the company is in maintenance', () => {
    beforeAll(async () => {
      await t.database.db
        .update(companies)
        .set({
          isInMaintenance: true,
          maintenanceRedirectUrl: 'https://status.nimbusafrica.example',
        })
        .where(eq(companies.slug, 'demo'));
    });
    afterAll(async () => {
      await t.database.db
        .update(companies)
        .set({ isInMaintenance: false, maintenanceRedirectUrl: null })
        .where(eq(companies.slug, 'demo'));
    });

    it('answers status 300 with HTTP 503, the message and the redirect address', async () => {
      const response = await postJson(t.app, '/api/getCompanyConfiguration', {
        customerUrl: MAIN_ORIGIN,
      });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({
        status: 300,
        message: 'We are upgrading our platform and will be back shortly.',
        data: {
          companyName: 'Nimbus Africa Cloud',
          imagePath: '/uploads/demo/nimbus-logo.svg',
          maintenanceModeMsg: 'We are upgrading our platform and will be back shortly.',
          maintenanceModeRedirect: 'https://status.nimbusafrica.example',
        },
      });
    });

    it('answers 300 on the other company calls too, and leaves the other company live', async () => {
      const addresses = await postJson(t.app, '/api/home/getCompanyAddress', {});
      expect(addresses.json().status).toBe(300);
      const other = await postJson(t.app, '/api/getCompanyConfiguration', {}, SECOND_ORIGIN);
      expect(other.statusCode).toBe(200);
    });
  });
});

describe('POST /api/getDropdownList', () => {
  it("lists the company's Benefits links in order", async () => {
    const response = await postJson(t.app, '/api/getDropdownList', { customerUrl: MAIN_ORIGIN });
    expect(response.json().data).toEqual([
      {
        menuName: 'Startup programme',
        redirectURL: 'https://www.nimbusafrica.example/benefits/startups',
      },
      {
        menuName: 'Education discount',
        redirectURL: 'https://www.nimbusafrica.example/benefits/education',
      },
      {
        menuName: 'Partner network',
        redirectURL: 'https://www.nimbusafrica.example/benefits/partners',
      },
    ]);
  });

  it('answers an empty list for a company without links', async () => {
    const response = await postJson(t.app, '/api/getDropdownList', {}, SECOND_ORIGIN);
    expect(response.json()).toEqual({ status: 200, message: 'Success', data: [] });
  });

  it('answers 404 for an unknown origin', async () => {
    const response = await postJson(t.app, '/api/getDropdownList', {}, 'https://elsewhere.example');
    expect(response.statusCode).toBe(404);
  });
});

describe('POST /api/home/getCompanyAddress', () => {
  it("lists the company's offices in order, and only its own", async () => {
    const main = (
      await postJson(t.app, '/api/home/getCompanyAddress', { websiteUrl: MAIN_ORIGIN })
    ).json().data;
    expect(main.map((address: { city: string }) => address.city)).toEqual([
      'Cape Town',
      'Johannesburg',
      'Nairobi',
      'Durban',
    ]);
    expect(main[0]).toEqual({
      country: 'South Africa',
      officeAddress: 'Bandwidth Barn, 125 Buitengracht Street',
      city: 'Cape Town',
    });

    const second = (
      await postJson(t.app, '/api/home/getCompanyAddress', { websiteUrl: SECOND_ORIGIN })
    ).json().data;
    expect(second.map((address: { city: string }) => address.city)).toEqual(['Nairobi', 'Mombasa']);
  });
});

describe('POST /api/home/getProductServices', () => {
  it('lists business units of every service option with their cloud services', async () => {
    const services = (await postJson(t.app, '/api/home/getProductServices', {})).json().data;
    expect(services.map((service: { serviceOption: string }) => service.serviceOption)).toEqual([
      'CloudService',
      'RedirectionURL',
      'SendEmailForEnquiry',
    ]);
    expect(services[0]).toMatchObject({
      businessName: 'Cloud Infrastructure',
      redirectUrl: null,
      cloudService: [
        {
          serviceName: 'Virtual Machines',
          description: 'Linux and Windows servers sized to the gigabyte.',
        },
        {
          serviceName: 'Kubernetes',
          description: 'Managed clusters with autoscaling worker pools.',
        },
      ],
    });
    expect(services[1]).toMatchObject({
      businessName: 'Backup/Disaster Recovery',
      redirectUrl: 'https://backup.nimbusafrica.example',
      cloudService: [],
    });
  });

  it("keeps each company's units apart", async () => {
    const services = (
      await postJson(t.app, '/api/home/getProductServices', {}, SECOND_ORIGIN)
    ).json().data;
    expect(services).toHaveLength(1);
    expect(services[0].businessName).toBe('Web Hosting');
  });
});

describe('GET /api/getCountryCode', () => {
  it('lists countries with dialling codes and mobile lengths', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/getCountryCode' });
    const countries = response.json().data;
    expect(countries[0]).toEqual({
      countryCode: '+27',
      countryName: 'South Africa',
      isoCode: 'ZA',
      mobileNoMinLength: 9,
      mobileNoMaxLength: 9,
      currency: 'ZAR',
      taxValue: 15,
    });
    expect(
      countries.find((country: { isoCode: string }) => country.isoCode === 'KR'),
    ).toMatchObject({ countryCode: '+82', taxValue: 10 });
  });
});

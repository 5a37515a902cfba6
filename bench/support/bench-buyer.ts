// A bench company selling one product through the built-in Sandbox, a customer of it with a live
// session, pending orders made by CreateOrder's own service, and the clean-up of all of it on a
// shared PostgreSQL server.
import { randomUUID } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import { ZCreateOrderRequest } from '@cloud-portal/contract/orders/create-order';
import { SANDBOX_GATEWAY } from '@cloud-portal/contract/orders/gateways';
import type { Config } from '../../apps/api/src/config';
import type { Database, DatabaseHandle } from '../../apps/api/src/db/client';
import { openConfiguredDatabase } from '../../apps/api/src/db/open-configured-database';
import { customers } from '../../apps/api/src/db/schema/accounts';
import { vmProducts } from '../../apps/api/src/db/schema/catalogue';
import { companies, companyDomains } from '../../apps/api/src/db/schema/company';
import { simulatedMachines } from '../../apps/api/src/db/schema/hypervisors';
import { mailOutbox } from '../../apps/api/src/db/schema/mail';
import {
  orderEvents,
  orders,
  paymentTransactions,
  vmRequests,
} from '../../apps/api/src/db/schema/orders';
import { virtualMachines } from '../../apps/api/src/db/schema/virtual-machines';
import { lines, product } from '../../apps/api/src/seed/demo-catalogues';
import { writeDemoCatalogue } from '../../apps/api/src/seed/write-demo-catalogue';
import { JOB_SCHEMA, startJobQueue } from '../../apps/api/src/jobs/job-queue';
import { QUEUES } from '../../apps/api/src/jobs/queues';
import { randomToken } from '../../apps/api/src/lib/tokens';
import { hashPassword } from '../../apps/api/src/modules/accounts/passwords';
import { ACCESS_TOKEN_TTL_MS } from '../../apps/api/src/modules/accounts/account-settings';
import { signAccessToken } from '../../apps/api/src/modules/accounts/crypto-tokens';
import { ACCESS_COOKIE } from '../../apps/api/src/http/session-cookie-names';
import { startSession } from '../../apps/api/src/modules/accounts/sessions';
import { quoteProductConfiguration } from '../../apps/api/src/modules/marketplace/quote-configuration';
import { createNewPurchaseOrder } from '../../apps/api/src/modules/orders/create-order';
import { newOrderReference } from '../../apps/api/src/modules/orders/order-reference';
import { createGatewayHttp } from '../../apps/api/src/payments/gateway-http';
import { saveGatewaySettings } from '../../apps/api/src/payments/gateway-settings';

export type Buyer = {
  companyId: number;
  customerId: number;
  sessionId: string;
  /** The access cookie of the customer's live session (15 minutes: see accessCookieFor). */
  cookie: string;
  productId: number;
  regionId: number;
};

export type BenchCompany = { slug: string; name: string; email: string };

const companyOf = (db: Database, slug: string) =>
  db.select({ id: companies.id }).from(companies).where(eq(companies.slug, slug));

export async function benchCompanyId(db: Database, slug: string): Promise<number | undefined> {
  return (await companyOf(db, slug))[0]?.id;
}

/**
 * Removes what an earlier run left on a PostgreSQL server (orders are not deleted with their
 * company): machines, the orders, their events, transactions, VM requests, mails and their
 * delivery jobs, the orders' jobs, then the company.
 */
/** The same, on the database `config` names, opened for it: a step's clean-up after a stop. */
export async function removeBenchCompanyFrom(config: Config, slug: string): Promise<void> {
  const handle = await openConfiguredDatabase(config);
  try {
    await removeBenchCompany(handle, slug);
  } finally {
    await handle.close();
  }
}

export async function removeBenchCompany(handle: DatabaseHandle, slug: string): Promise<void> {
  const { db } = handle;
  const companyId = await benchCompanyId(db, slug);
  if (companyId === undefined) return;
  const orderIds = (
    await db.select({ id: orders.id }).from(orders).where(eq(orders.companyId, companyId))
  ).map((row) => String(row.id));
  if (orderIds.length) {
    for (const table of ['job', 'archive']) {
      await handle.executeSql(
        `delete from ${JOB_SCHEMA}.${table} where name = any($1) and data->>'orderId' = any($2)`,
        [
          [
            QUEUES.vmRequest,
            QUEUES.purchaseConfirmation,
            QUEUES.orderExpiry,
            QUEUES.paymentConfirmation,
          ],
          orderIds,
        ],
      );
    }
  }
  await db.delete(virtualMachines).where(eq(virtualMachines.companyId, companyId));
  await db.delete(simulatedMachines).where(eq(simulatedMachines.companyId, companyId));
  await db.delete(orderEvents).where(eq(orderEvents.companyId, companyId));
  await db.delete(paymentTransactions).where(eq(paymentTransactions.companyId, companyId));
  await db.delete(vmRequests).where(eq(vmRequests.companyId, companyId));
  await db.delete(orders).where(eq(orders.companyId, companyId));
  const mailIds = (
    await db
      .select({ id: mailOutbox.id })
      .from(mailOutbox)
      .where(eq(mailOutbox.companyId, companyId))
  ).map((row) => String(row.id));
  if (mailIds.length)
    for (const table of ['job', 'archive'])
      await handle.executeSql(
        `delete from ${JOB_SCHEMA}.${table} where data->>'outboxId' = any($1)`,
        [mailIds],
      );
  await db.delete(mailOutbox).where(eq(mailOutbox.companyId, companyId));
  await db.delete(companies).where(eq(companies.id, companyId));
}

/**
 * A company on `origin` selling one product through the built-in Sandbox only, and a customer of
 * it with a live session: what a customer has after signing up and logging in.
 */
export async function seedBenchBuyer(
  db: Database,
  config: Config,
  origin: string,
  company: BenchCompany,
): Promise<Buyer> {
  const [row] = await db
    .insert(companies)
    .values({
      slug: company.slug,
      name: company.name,
      portalUrl: origin,
      contactNumber: '+27 10 555 0101',
      country: 'South Africa',
      email: `hello@${company.slug}.bench.example`,
      officeAddress: '2 Benchmark Road',
      city: 'Johannesburg',
    })
    .returning({ id: companies.id });
  const companyId = row!.id;
  await db.insert(companyDomains).values({ companyId, origin });
  await writeDemoCatalogue(db, companyId, {
    operatingSystems: ['Ubuntu'],
    regions: [{ name: 'Johannesburg', country: 'ZA' }],
    ipTypes: ['Private IP'],
    timePeriodDays: [30],
    products: [
      product({
        name: 'Ubuntu Bench',
        os: 'Ubuntu',
        specifications: lines([2, 1, 16, 1, 4500], [40, 20, 500, 10, 120], [1, 1, 6, 1, 6000]),
        paymentGateways: [SANDBOX_GATEWAY],
      }),
    ],
  });
  await saveGatewaySettings(db, config.credentialsKey!, companyId, SANDBOX_GATEWAY, {
    isTest: true,
    credentials: { secret: randomToken() },
  });
  const [offered] = await db
    .select({ id: vmProducts.id, regionId: vmProducts.regionId })
    .from(vmProducts)
    .where(eq(vmProducts.companyId, companyId));
  return addBenchBuyer(db, config, {
    companyId,
    productId: offered!.id,
    regionId: offered!.regionId!,
    email: company.email,
  });
}

/** Another customer of a bench company, signed in: the same product and region as the first. */
export async function addBenchBuyer(
  db: Database,
  config: Config,
  of: Pick<Buyer, 'companyId' | 'productId' | 'regionId'> & { email: string },
): Promise<Buyer> {
  const [buyer] = await db
    .insert(customers)
    .values({
      companyId: of.companyId,
      email: of.email,
      passwordHash: await hashPassword(randomToken()),
      firstName: 'Bench',
      lastName: 'Buyer',
      dialCode: '+27',
      mobileNumber: '821234567',
      address: '2 Benchmark Road',
      city: 'Johannesburg',
      state: 'Gauteng',
      postalCode: '2000',
      region: 'South Africa',
      isEmailVerified: true,
    })
    .returning();
  const tokens = await startSession(db, config.sessionSecret!, buyer!);
  return {
    companyId: of.companyId,
    customerId: buyer!.id,
    sessionId: tokens.sessionId,
    cookie: `${ACCESS_COOKIE}=${tokens.accessToken}`,
    productId: of.productId,
    regionId: of.regionId,
  };
}

/**
 * A new access cookie for the buyer's session, as a refresh would issue it: an access token lives
 * 15 minutes, a bench run longer. Needs the portal's session secret (the bench sets SESSION_SECRET).
 */
export function accessCookieFor(secret: string, buyer: Buyer): string {
  const token = signAccessToken(secret, {
    sessionId: buyer.sessionId,
    customerId: buyer.customerId,
    companyId: buyer.companyId,
    expiresAt: Date.now() + ACCESS_TOKEN_TTL_MS,
  });
  return `${ACCESS_COOKIE}=${token}`;
}

/**
 * Pending orders: the first made by CreateOrder's own service (priced by the server from the
 * catalogue, its expiry job queued beside it), the others written as copies of it under
 * references of their own, so a run measures what it is about, not the set-up.
 */
export async function createPendingOrders(
  handle: DatabaseHandle,
  config: Config,
  origin: string,
  buyer: Buyer,
  count: number,
): Promise<string[]> {
  const jobs = await startJobQueue(handle, (error) => console.error('job queue:', error.message));
  let first: typeof orders.$inferSelect;
  try {
    const configuration = { memory: 2, disk: 40, processor: 1 };
    const days = 30;
    const { quote } = await quoteProductConfiguration(
      handle.db,
      buyer.companyId,
      buyer.productId,
      configuration,
      days,
    );
    const created = await createNewPurchaseOrder(
      {
        db: handle.db,
        jobs,
        credentialsKey: config.credentialsKey!,
        gatewayHttp: createGatewayHttp(),
        orderExpiryMs: config.orderExpiryMs,
      },
      { companyId: buyer.companyId, customerId: buyer.customerId },
      ZCreateOrderRequest.parse({
        productID: buyer.productId,
        specification: Object.entries(configuration).map(([type, value]) => ({ type, value })),
        region: buyer.regionId,
        totalAmount: quote.totalPayable,
        timePeriod: days,
        paymentGateway: SANDBOX_GATEWAY,
        byPassflag: 0,
        microsoftLicense: 0,
      }),
      { origin, language: 'en' },
    );
    if (created.order.status !== 'pending' || created.start?.kind !== 'redirect')
      throw new Error(`CreateOrder made a ${created.order.status} order without the checkout`);
    first = created.order;
  } finally {
    await jobs.stop();
  }
  const { id: _id, reference: _reference, createdAt: _createdAt, ...columns } = first;
  const references = [first.reference];
  while (references.length < count) {
    const batch = Array.from({ length: Math.min(500, count - references.length) }, () => ({
      ...columns,
      reference: newOrderReference(),
    }));
    await handle.db.insert(orders).values(batch);
    references.push(...batch.map((row) => row.reference));
  }
  return references;
}

const DAY_MS = 86_400_000;

/**
 * The buyer's orders paid and their machines as provisioning leaves them: one running VM per
 * order, created a minute apart (newest first on the Products tab).
 */
export async function insertRunningMachines(
  handle: DatabaseHandle,
  buyer: Buyer,
  references: string[],
): Promise<void> {
  const { db } = handle;
  const paid = await db
    .update(orders)
    .set({ status: 'paid', settledAt: new Date() })
    .where(and(eq(orders.companyId, buyer.companyId), inArray(orders.reference, references)))
    .returning({ id: orders.id });
  const now = Date.now();
  for (let start = 0; start < paid.length; start += 500) {
    await db.insert(virtualMachines).values(
      paid.slice(start, start + 500).map((order, index) => ({
        companyId: buyer.companyId,
        customerId: buyer.customerId,
        orderId: order.id,
        productId: buyer.productId,
        name: 'Ubuntu Bench',
        aliasName: index % 3 === 0 ? `web-${start + index}` : null,
        operatingSystem: 'Ubuntu',
        serviceType: 'Proxmox VE',
        driver: 'simulator',
        machineUuid: randomUUID(),
        privateAddress: `10.${(start + index) >> 16}.${((start + index) >> 8) & 255}.${(start + index) & 255}`,
        status: 'running' as const,
        ramGb: 2,
        vcpus: 1,
        diskGb: 40,
        periodDays: 30,
        startsAt: new Date(now - (start + index) * 60_000),
        endsAt: new Date(now + 30 * DAY_MS - (start + index) * 60_000),
        createdAt: new Date(now - (start + index) * 60_000),
      })),
    );
  }
}

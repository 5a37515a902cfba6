import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { DatabaseHandle } from '../../src/db/client';
import { customers } from '../../src/db/schema/accounts';
import { post, signUpAndLogIn } from './accounts';
import type { SmtpReceiver } from './smtp-receiver';
import { MAIN_ORIGIN } from './test-app';

/** A signed-up, logged-in customer, with its company and the origin (brand) it signed up on. */
export type SignedInCustomer = Awaited<ReturnType<typeof signUpAndLogIn>> & {
  companyId: number;
  origin: string;
};

/** Signs a new customer up on `origin`, completes the code step and looks up its company. */
export async function signUpCustomer(
  t: { app: FastifyInstance; smtp: SmtpReceiver; database: DatabaseHandle },
  origin = MAIN_ORIGIN,
): Promise<SignedInCustomer> {
  const customer = await signUpAndLogIn(t.app, t.smtp, {}, origin);
  const [row] = await t.database.db
    .select({ companyId: customers.companyId })
    .from(customers)
    .where(eq(customers.id, customer.id));
  return { ...customer, companyId: row!.companyId, origin };
}

/** POSTs as the customer's browser would: its origin (unless told), session cookies and CSRF header. */
export const postAs = (
  app: FastifyInstance,
  customer: SignedInCustomer,
  url: string,
  payload: object,
  origin = customer.origin,
) => post(app, url, payload, { origin, cookies: customer.cookies, headers: customer.csrf });

/** GETs as the customer's browser would (or a visitor's, for `null`): its origin and cookies. */
export const getAs = (
  app: FastifyInstance,
  customer: SignedInCustomer | null,
  url: string,
  origin = customer?.origin ?? MAIN_ORIGIN,
  headers: Record<string, string> = {},
) =>
  app.inject({
    method: 'GET',
    url,
    headers: { origin, ...headers },
    cookies: customer?.cookies ?? {},
  });

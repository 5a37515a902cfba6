import fs from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { orderMessages } from '@cloud-portal/contract/orders/order-messages';
import type { Database } from '../../db/client';
import { orders, type OrderRow } from '../../db/schema/orders';
import { AppError } from '../../errors';
import { findOwnOrder } from './order-access';
import type { OwnerScope } from '../../tenancy/owner-scope';

const fieldError = (status: number, message: string) =>
  new AppError(status, message, { errors: [{ field: 'image', message }] });

/** A PDF by its bytes (the `%PDF-` header), never by its name or declared type. */
function isPdf(bytes: Buffer): boolean {
  return bytes.subarray(0, 5).toString('latin1') === '%PDF-';
}

/**
 * Keeps a customer's Microsoft licence PDF with their pending order (vm-lifecycle.md §4: uploaded
 * with the order). Licences are private: they live under DATA_DIR/licences, never under the
 * public uploads folder, named by order, not by anything the customer typed.
 */
export async function attachLicence(
  deps: { db: Database; dataDir: string },
  owner: OwnerScope,
  reference: string,
  bytes: Buffer,
): Promise<OrderRow> {
  if (bytes.length === 0 || !isPdf(bytes)) throw fieldError(400, orderMessages.licenceNotPdf);
  const order = await findOwnOrder(deps.db, owner, reference);
  if (order.status !== 'pending')
    throw new AppError(
      409,
      order.status === 'expired' ? orderMessages.orderExpired : orderMessages.orderNotFound,
    );
  const relative = path.join(
    'licences',
    String(order.companyId),
    `${order.reference}-${randomBytes(6).toString('hex')}.pdf`,
  );
  const absolute = path.join(deps.dataDir, relative);
  await fs.mkdir(path.dirname(absolute), { recursive: true, mode: 0o700 });
  await fs.writeFile(absolute, bytes, { mode: 0o600 });
  const [updated] = await deps.db
    .update(orders)
    .set({ licencePath: relative })
    .where(and(eq(orders.id, order.id), eq(orders.status, 'pending')))
    .returning();
  if (!updated) {
    await fs.rm(absolute, { force: true });
    throw new AppError(409, orderMessages.orderExpired);
  }
  if (order.licencePath) await fs.rm(path.join(deps.dataDir, order.licencePath), { force: true });
  return updated;
}

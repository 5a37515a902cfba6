import type { Database } from '../../src/db/client';
import { notifications } from '../../src/db/schema/accounts';

/** A notification for a customer, as a feature would leave one. */
export async function notify(db: Database, customerId: number, detail: string): Promise<void> {
  await db.insert(notifications).values({ customerId, detail });
}

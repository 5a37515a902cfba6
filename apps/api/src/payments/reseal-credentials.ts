import { eq, and, isNotNull } from 'drizzle-orm';
import type { Database } from '../db/client';
import { companyHypervisors } from '../db/schema/hypervisors';
import { companyPaymentGateways } from '../db/schema/payments';
import { openCredentials, sealCredentials } from '../lib/credentials-cipher';

/**
 * Rotating CREDENTIALS_KEY: every sealed value (payment-gateway credentials, hypervisor options)
 * opened with `from` and sealed again with `to`, in one transaction: all of them or, when one does
 * not open with `from` (CredentialsUnreadable), none.
 */
export async function resealCredentials(
  db: Database,
  from: Buffer,
  to: Buffer,
): Promise<{ gateways: number; hypervisors: number }> {
  return db.transaction(async (tx) => {
    const gateways = await tx
      .select({
        companyId: companyPaymentGateways.companyId,
        gateway: companyPaymentGateways.gateway,
        sealed: companyPaymentGateways.credentials,
      })
      .from(companyPaymentGateways)
      .where(isNotNull(companyPaymentGateways.credentials))
      .for('update');
    for (const row of gateways) {
      await tx
        .update(companyPaymentGateways)
        .set({ credentials: sealCredentials(to, openCredentials(from, row.sealed!)) })
        .where(
          and(
            eq(companyPaymentGateways.companyId, row.companyId),
            eq(companyPaymentGateways.gateway, row.gateway),
          ),
        );
    }
    const hypervisors = await tx
      .select({
        companyId: companyHypervisors.companyId,
        driver: companyHypervisors.driver,
        sealed: companyHypervisors.sealedOptions,
      })
      .from(companyHypervisors)
      .for('update');
    for (const row of hypervisors) {
      await tx
        .update(companyHypervisors)
        .set({ sealedOptions: sealCredentials(to, openCredentials(from, row.sealed)) })
        .where(
          and(
            eq(companyHypervisors.companyId, row.companyId),
            eq(companyHypervisors.driver, row.driver),
          ),
        );
    }
    return { gateways: gateways.length, hypervisors: hypervisors.length };
  });
}

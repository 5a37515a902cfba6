import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/support/test-app';
import type { DatabaseHandle } from '../db/client';
import { migrateDatabase } from '../db/migrate';
import { auditLog } from '../db/schema/audit';
import { companies } from '../db/schema/company';
import { recordAudit } from './record-audit';
import { REDACTED } from './redact-secrets';

let database: DatabaseHandle;
let dispose: () => Promise<void>;
let companyId: number;

beforeAll(async () => {
  ({ database, dispose } = await createTestDatabase());
  await migrateDatabase(database);
  const [company] = await database.db
    .insert(companies)
    .values({ slug: 'audit-test', name: 'Audit Test', portalUrl: 'http://audit.test' })
    .returning({ id: companies.id });
  companyId = company!.id;
});
afterAll(() => dispose());

const rowsOf = (subjectId: string) =>
  database.db.select().from(auditLog).where(eq(auditLog.subjectId, subjectId));

describe('recordAudit', () => {
  it("writes its row with the caller's transaction, secrets redacted", async () => {
    await database.db.transaction(async (tx) => {
      await recordAudit(tx, {
        actor: { kind: 'staff', companyId, staffId: 7 },
        action: 'gateways.update',
        subject: { type: 'payment-gateway', id: 'committed' },
        before: { mode: 'test', credentials: { merchantKey: 'old' } },
        after: { mode: 'live', credentials: { merchantKey: 'new' }, items: [{ apiKey: 'k' }] },
      });
      // Visible inside the transaction before it commits: it is the caller's.
      const [inside] = await tx
        .select({ id: auditLog.id })
        .from(auditLog)
        .where(eq(auditLog.subjectId, 'committed'));
      expect(inside).toBeDefined();
    });

    const [row] = await rowsOf('committed');
    expect(row).toMatchObject({
      companyId,
      actorKind: 'staff',
      actorId: 7,
      action: 'gateways.update',
      subjectType: 'payment-gateway',
      subjectId: 'committed',
      before: { mode: 'test', credentials: REDACTED },
      after: { mode: 'live', credentials: REDACTED, items: [{ apiKey: REDACTED }] },
    });
    for (const secret of ['"old"', '"new"', '"k"'])
      expect(JSON.stringify(row)).not.toContain(secret);
    expect(row!.createdAt).toBeInstanceOf(Date);
  });

  it('leaves no row when the transaction rolls back', async () => {
    await expect(
      database.db.transaction(async (tx) => {
        await recordAudit(tx, {
          actor: { kind: 'customer', companyId, customerId: 3 },
          action: 'profile.update',
          subject: { type: 'customer', id: 'rolled-back' },
          before: null,
          after: { firstName: 'A' },
        });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await rowsOf('rolled-back')).toEqual([]);
  });

  it('records the system with no actor id, and a created subject with no before', async () => {
    await database.db.transaction((tx) =>
      recordAudit(tx, {
        actor: { kind: 'system', companyId },
        action: 'vms.archive',
        subject: { type: 'virtual-machine', id: 42 },
        before: undefined,
        after: { status: 'archived' },
      }),
    );
    const [row] = await rowsOf('42');
    expect(row).toMatchObject({ actorKind: 'system', actorId: null, before: null });
  });
});

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestDatabase } from '../../test/support/test-app';
import type { DatabaseHandle } from '../db/client';
import { migrateDatabase } from '../db/migrate';
import { staff, staffEnrolmentLinks, staffMemberships } from '../db/schema/staff';
import { sha256 } from '../lib/tokens';
import { seedDemoCompanies, seedReferenceData } from './seed';

let database: DatabaseHandle;
let dispose: () => Promise<void>;
const uploadsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cloud-portal-demo-owner-'));
beforeAll(async () => {
  ({ database, dispose } = await createTestDatabase());
  await migrateDatabase(database);
  await seedReferenceData(database.db);
});
afterAll(async () => {
  await dispose();
  fs.rmSync(uploadsDir, { recursive: true, force: true });
});

describe('the demo owner', () => {
  it('owns both demo companies and gets an enrolment link until enrolled', async () => {
    const options = { publicUrl: 'http://localhost:4010', port: 4010, uploadsDir };
    const link = await seedDemoCompanies(database.db, options);
    expect(link).toMatchObject({ email: 'owner@nimbusafrica.example' });
    expect(link!.url).toMatch(/^http:\/\/localhost:4010\/operator\/enrol\/[\w-]{43}$/);
    const [row] = await database.db
      .select()
      .from(staffEnrolmentLinks)
      .where(eq(staffEnrolmentLinks.tokenHash, sha256(link!.url.split('/').at(-1)!)));
    expect(row!.usedAt).toBeNull();

    const [owner] = await database.db.select().from(staff);
    const roles = await database.db
      .select({ role: staffMemberships.role })
      .from(staffMemberships)
      .where(eq(staffMemberships.staffId, owner!.id));
    expect(roles).toEqual([{ role: 'owner' }, { role: 'owner' }]);

    // Seeded again before enrolling: a new link, the same owner.
    expect((await seedDemoCompanies(database.db, options))!.url).not.toBe(link!.url);
    expect(await database.db.select().from(staff)).toHaveLength(1);

    // Once enrolled, the seed leaves them alone.
    await database.db
      .update(staff)
      .set({ passwordHash: '$argon2id$x', totpSecretSealed: 'v1.x' })
      .where(eq(staff.id, owner!.id));
    expect(await seedDemoCompanies(database.db, options)).toBeNull();
    const [after] = await database.db.select().from(staff);
    expect(after!.passwordHash).toBe('$argon2id$x');
  });
});

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/support/test-app';
import type { DatabaseHandle } from '../../db/client';
import { migrateDatabase } from '../../db/migrate';
import { portalSecrets } from '../../db/schema/portal-secrets';
import { loadSessionSecret } from './session-secret';

let database: DatabaseHandle;
let dispose: () => Promise<void>;
const dataDirs: string[] = [];
const freshDataDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cloud-portal-secret-'));
  dataDirs.push(dir);
  return dir;
};

beforeAll(async () => {
  ({ database, dispose } = await createTestDatabase());
  await migrateDatabase(database);
});
afterAll(async () => {
  await dispose();
  for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
});
beforeEach(async () => {
  await database.db.delete(portalSecrets);
});

describe('loadSessionSecret', () => {
  it('generates one secret into the database that every later process reads', async () => {
    const first = await loadSessionSecret(database.db, { dataDir: freshDataDir() });
    expect(first.source).toBe('created');
    expect(first.secret).toMatch(/^[\w-]{64}$/);
    const second = await loadSessionSecret(database.db, { dataDir: freshDataDir() });
    expect(second).toEqual({ secret: first.secret, source: 'database' });
  });

  it('agrees when processes start at once', async () => {
    const loaded = await Promise.all(
      Array.from({ length: 6 }, () => loadSessionSecret(database.db, { dataDir: freshDataDir() })),
    );
    expect(new Set(loaded.map((entry) => entry.secret)).size).toBe(1);
    expect(loaded.filter((entry) => entry.source === 'created')).toHaveLength(1);
  });

  it("adopts the DATA_DIR secret of an earlier version, so its users' sessions survive", async () => {
    const dataDir = freshDataDir();
    const earlier = 'e'.repeat(64);
    fs.writeFileSync(path.join(dataDir, 'session-secret'), `${earlier}\n`);
    expect(await loadSessionSecret(database.db, { dataDir })).toEqual({
      secret: earlier,
      source: 'adopted',
    });
    // Another process, without the file, gets the same one.
    const other = await loadSessionSecret(database.db, { dataDir: freshDataDir() });
    expect(other.secret).toBe(earlier);
  });

  it('lets SESSION_SECRET win and writes nothing', async () => {
    const configured = 'c'.repeat(40);
    expect(
      await loadSessionSecret(database.db, { dataDir: freshDataDir(), sessionSecret: configured }),
    ).toEqual({ secret: configured, source: 'configuration' });
    expect(await database.db.select().from(portalSecrets)).toEqual([]);
  });
});

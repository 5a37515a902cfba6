import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/support/test-app';
import type { DatabaseHandle } from '../db/client';
import { migrateDatabase } from '../db/migrate';
import { companies } from '../db/schema/company';
import { companyHypervisors } from '../db/schema/hypervisors';
import {
  createHypervisorConnector,
  loadAllHypervisorOptions,
  saveHypervisorOptions,
} from './company-hypervisors';
import { InvalidHypervisorOptions } from './provider';

const KEY = randomBytes(32);
const LIBVIRT = { uri: 'test:///default', serviceTypes: ['Open Nebula'], namePrefix: 'co-' };

let database: DatabaseHandle;
let dispose: () => Promise<void>;
let companyId: number;
let otherCompanyId: number;

beforeAll(async () => {
  ({ database, dispose } = await createTestDatabase());
  await migrateDatabase(database);
  const made = await database.db
    .insert(companies)
    .values(
      ['hv-a', 'hv-b'].map((slug) => ({ slug, name: slug, portalUrl: `https://${slug}.example` })),
    )
    .returning({ id: companies.id });
  [companyId, otherCompanyId] = made.map((row) => row.id) as [number, number];
  await saveHypervisorOptions(database.db, KEY, companyId, 'libvirt', LIBVIRT);
});
afterAll(() => dispose());

const connector = () =>
  createHypervisorConnector({ db: database.db, credentialsKey: KEY, simulatorOperationMs: 10 });

describe("a company's hypervisor options", () => {
  it('are stored sealed: no URI or option in the clear', async () => {
    const [row] = await database.db
      .select()
      .from(companyHypervisors)
      .where(eq(companyHypervisors.companyId, companyId));
    expect(row!.driver).toBe('libvirt');
    expect(row!.sealedOptions).not.toContain('test:///default');
    expect(row!.sealedOptions).not.toContain('Open Nebula');
    expect(await loadAllHypervisorOptions(database.db, KEY, companyId)).toEqual({
      libvirt: LIBVIRT,
    });
  });

  it('are validated by the driver before they are saved, naming the bad field only', async () => {
    const saving = saveHypervisorOptions(database.db, KEY, companyId, 'libvirt', {
      uri: 'qemu+ext:///system?command=/bin/sh',
    });
    await expect(saving).rejects.toBeInstanceOf(InvalidHypervisorOptions);
    await expect(saving).rejects.toThrow(/uri/);
    await expect(saving).rejects.not.toThrow(/bin\/sh/);
  });

  it('route the service types the company listed to that driver, the rest to their default', async () => {
    const connect = connector();
    expect((await connect('Open Nebula', companyId)).driverId).toBe('libvirt');
    expect((await connect('Proxmox VE', companyId)).driverId).toBe('simulator');
    // Another company's choice is not this one's.
    expect((await connect('Open Nebula', otherCompanyId)).driverId).toBe('simulator');
  });

  it('reach an existing machine on the driver it was made on', async () => {
    const connect = connector();
    expect((await connect('Open Nebula', companyId, 'simulator')).driverId).toBe('simulator');
    expect((await connect('Proxmox VE', companyId, 'libvirt')).driverId).toBe('libvirt');
  });
});

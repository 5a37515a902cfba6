import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Database } from '../../db/client';
import {
  ensureLibvirtd,
  libvirtRequired,
  openLibvirtTestBed,
  type LibvirtTestBed,
} from '../../../test/support/libvirt';
import {
  describeDriverContract,
  expectRefusal,
  waitForState,
} from '../../../test/support/driver-contract';
import {
  HypervisorUnavailable,
  InvalidHypervisorOptions,
  type DriverEnvironment,
  type MachineSpec,
} from '../provider';
import {
  SERVICE_TYPE_DRIVERS,
  driverIdForCompany,
  driverIdForServiceType,
  getDriver,
} from '../registry';
import { LibvirtHypervisor, libvirtDriver, parseLibvirtOptions } from './libvirt';
import { parseMetadata } from './libvirt-xml';

/**
 * The libvirt driver against a real libvirtd through libvirt's test driver (test/support/
 * libvirt.ts): the same contract as the simulator, then what is libvirt's own. Without virsh the
 * file skips locally and fails in CI (CI_LIBVIRT=1).
 */

// Every call is a virsh process talking to libvirtd: on a loaded two-core CI machine a test of
// a few dozen calls takes seconds.
vi.setConfig({ testTimeout: 60_000 });

const availability = await ensureLibvirtd();
const COMPANY_ID = 424_242;
const OTHER_COMPANY_ID = 424_243;
const SPEC: MachineSpec = { name: 'web 1', image: 'Ubuntu 24.04', ramGb: 1, vcpus: 1, diskGb: 2 };
const DISK_RESIZE_GAP =
  "libvirt's test driver implements neither virStorageVolResize nor virDomainBlockResize";

/** The libvirt driver keeps nothing in the portal's database. */
const environment = (companyId: number): DriverEnvironment => ({
  database: null as unknown as Database,
  companyId,
});

function optionsFor(bed: LibvirtTestBed, extra: Record<string, unknown> = {}) {
  return {
    uri: bed.uri,
    storagePool: bed.pool,
    images: { [bed.image]: bed.baseVolume },
    namePrefix: bed.namePrefix,
    consoleBaseUrl: 'https://console.example.test/vnc.html?token={uuid}',
    timeoutMs: 15_000,
    ...extra,
  };
}

if (!availability.available) {
  if (libvirtRequired) {
    describe('libvirt driver', () => {
      it('needs virsh and a running libvirtd in CI', () => {
        throw new Error(`libvirt is required here (CI_LIBVIRT=1): ${availability.why}`);
      });
    });
  } else {
    console.warn(`skipping the libvirt driver tests: ${availability.why}`);
    describe.skip(`libvirt driver (${availability.why})`, () => {
      it('runs against libvirtd', () => undefined);
    });
  }
} else {
  let bed: LibvirtTestBed;
  const ready = openLibvirtTestBed().then((opened) => (bed = opened));
  afterAll(async () => {
    await ready;
    await bed.dispose();
  });

  describeDriverContract('libvirt (test driver through libvirtd)', async () => {
    await ready;
    return {
      hypervisor: new LibvirtHypervisor(optionsFor(bed), environment(COMPANY_ID)),
      spec: SPEC,
      timeoutMs: 15_000,
      gaps: { diskResize: DISK_RESIZE_GAP },
    };
  });

  describe('libvirt driver', () => {
    let hypervisor: LibvirtHypervisor;
    const harness = () => ({ hypervisor, spec: SPEC, timeoutMs: 15_000 });

    beforeAll(async () => {
      await ready;
      hypervisor = new LibvirtHypervisor(optionsFor(bed), environment(COMPANY_ID));
    });

    it('defines the domain from escaped XML, named from the spec, with its metadata', async () => {
      const name = `Tom's <b>"VM"</b> & co`;
      const { uuid } = await hypervisor.create({ ...SPEC, name });
      const domainName = (await bed.virsh(['domname', uuid])).trim();
      expect((await bed.virsh(['domuuid', domainName])).trim()).toBe(uuid);
      expect(domainName).toMatch(new RegExp(`^${bed.namePrefix}tom-s-b-vm-b-co-[0-9a-f]{8}$`));
      expect((await bed.virsh(['desc', uuid, '--title'])).trim()).toBe(name);
      const xml = await bed.virsh(['dumpxml', uuid, '--inactive']);
      expect(parseMetadata(xml)).toEqual({
        companyId: COMPANY_ID,
        kind: 'machine',
        parent: null,
        archived: false,
        image: SPEC.image,
        user: 'ubuntu',
      });
      expect(xml).toContain(`<memory unit='KiB'>${SPEC.ramGb * 1024 * 1024}</memory>`);
      // The disk is a copy-on-write volume of the requested size over the image's base volume.
      const [disk] = (await bed.virsh(['domblklist', uuid])).trim().split('\n');
      const volume = disk!.trim().split(/\s+/)[1]!;
      const volumeXml = await bed.virsh(['vol-dumpxml', '--pool', bed.pool, volume]);
      expect(volumeXml).toContain(`<capacity unit='bytes'>${SPEC.diskGb * 1024 ** 3}</capacity>`);
      expect(volumeXml).toContain(`/${bed.pool}/${bed.baseVolume}`);
      expect(await hypervisor.status(uuid)).toBe('running');
    });

    it('escapes an image name through define and metadata --set', async () => {
      const image = `Ubuntu "24.04" <LTS> & Tom's`;
      const escaping = new LibvirtHypervisor(
        optionsFor(bed, { images: { [image]: bed.baseVolume } }),
        environment(COMPANY_ID),
      );
      const { uuid } = await escaping.create({ ...SPEC, image });
      const metadata = () => bed.virsh(['dumpxml', uuid, '--inactive']).then(parseMetadata);
      expect((await metadata())?.image).toBe(image);
      await escaping.powerOff(uuid);
      await escaping.archive(uuid);
      expect(await metadata()).toMatchObject({ image, archived: true, user: 'ubuntu' });
    });

    it("answers missing for another company's machine and for domains it did not make", async () => {
      const { uuid } = await hypervisor.create(SPEC);
      const other = new LibvirtHypervisor(optionsFor(bed), environment(OTHER_COMPANY_ID));
      expect(await other.status(uuid)).toBe('missing');
      await expectRefusal(other.powerOff(uuid), 'missing');
      await expectRefusal(other.details(uuid), 'missing');
      await expectRefusal(other.accessDetails(uuid), 'missing');
      expect(await hypervisor.status(uuid)).toBe('running');
      // The test driver's own domain 'test' has no portal metadata.
      const foreign = (await bed.virsh(['domuuid', 'test'])).trim();
      expect(await hypervisor.status(foreign)).toBe('missing');
      await expectRefusal(hypervisor.delete(foreign), 'missing');
      expect((await bed.virsh(['domuuid', 'test'])).trim()).toBe(foreign);
    });

    it('refuses what it cannot make and leaves nothing behind', async () => {
      const before = await Promise.all([
        bed.virsh(['list', '--all', '--name']),
        bed.virsh(['vol-list', bed.pool]),
      ]);
      await expectRefusal(hypervisor.create({ ...SPEC, image: 'Plan 9' }), 'invalid-request');
      await expectRefusal(hypervisor.create({ ...SPEC, diskGb: 0 }), 'invalid-request');
      await expectRefusal(hypervisor.create({ ...SPEC, name: ' ' }), 'invalid-request');
      // The test driver's pools hold 100 GiB: libvirt itself refuses this one.
      await expectRefusal(hypervisor.create({ ...SPEC, diskGb: 500 }), 'rejected');
      expect(
        await Promise.all([
          bed.virsh(['list', '--all', '--name']),
          bed.virsh(['vol-list', bed.pool]),
        ]),
      ).toEqual(before);
    });

    it('marks an archived machine in its metadata and clears the mark on restore', async () => {
      const { uuid } = await hypervisor.create(SPEC);
      await waitForState(harness(), uuid, 'running');
      await expectRefusal(hypervisor.archive(uuid), 'not-shut-off');
      await hypervisor.powerOff(uuid);
      await hypervisor.archive(uuid);
      const metadata = () => bed.virsh(['dumpxml', uuid, '--inactive']).then(parseMetadata);
      expect((await metadata())?.archived).toBe(true);
      await expectRefusal(hypervisor.resize(uuid, { ramGb: 2 }), 'archived');
      await expectRefusal(hypervisor.clone(uuid, 'copy'), 'archived');
      await expectRefusal(hypervisor.archive(uuid), 'archived');
      await hypervisor.restore({ kind: 'archive', uuid });
      expect((await metadata())?.archived).toBe(false);
      await expectRefusal(hypervisor.restore({ kind: 'archive', uuid }), 'invalid-state');
    });

    it('keeps a snapshot and a clone as shut-off domains that cannot be started', async () => {
      const { uuid } = await hypervisor.create(SPEC);
      const { snapshotId } = await hypervisor.snapshot(uuid, 'nightly');
      const { uuid: clone } = await hypervisor.clone(uuid, 'copy');
      for (const id of [snapshotId, clone]) {
        expect(await hypervisor.status(id)).toBe('shutoff');
        await expectRefusal(hypervisor.start(id), 'invalid-request');
      }
      await expectRefusal(hypervisor.accessDetails(snapshotId), 'missing');
      await expectRefusal(
        hypervisor.restore({ kind: 'clone', uuid: snapshotId }),
        'invalid-request',
      );
      await expectRefusal(hypervisor.restore({ kind: 'snapshot', snapshotId: clone }), 'missing');
      // Restoring a snapshot needs its machine shut off.
      await expectRefusal(hypervisor.restore({ kind: 'snapshot', snapshotId }), 'not-shut-off');
      await hypervisor.delete(snapshotId);
      expect(await hypervisor.status(snapshotId)).toBe('missing');
      expect(await hypervisor.status(uuid)).toBe('running');
    });

    it('sets the password through the guest agent, only while running; the console from domdisplay', async () => {
      const plain = new LibvirtHypervisor(
        optionsFor(bed, { consoleBaseUrl: undefined }),
        environment(COMPANY_ID),
      );
      const { uuid } = await plain.create(SPEC);
      await waitForState({ hypervisor: plain, spec: SPEC }, uuid, 'running');
      const access = await plain.accessDetails(uuid);
      expect(access.user).toBe('ubuntu');
      expect(access.password).toMatch(/^[A-Za-z0-9_-]{16}$/);
      // The test driver allocates no port (-1); a real host gives vnc://127.0.0.1:5900+n.
      expect(access.consoleUrl).toMatch(/^vnc:\/\/127\.0\.0\.1:/);
      expect(access.privateAddress).toMatch(/^\d+\.\d+\.\d+\.\d+$/);
      await plain.powerOff(uuid);
      await expectRefusal(plain.accessDetails(uuid), 'invalid-state');
    });

    it('adds disks to the persistent definition of a shut-off machine', async () => {
      const { uuid } = await hypervisor.create(SPEC);
      await hypervisor.powerOff(uuid);
      await hypervisor.addDisk(uuid, 3);
      const disks = await bed.virsh(['domblklist', uuid, '--inactive']);
      expect(disks).toMatch(/^\s*vdb\s+/m);
      expect(await hypervisor.details(uuid)).toMatchObject({ diskGb: 2, addedDisksGb: [3] });
      await expectRefusal(hypervisor.resize(uuid, { diskGb: 3 }), 'rejected');
      await expectRefusal(hypervisor.resize(uuid, { diskGb: 1 }), 'disk-shrink');
    });

    it('answers unavailable when libvirtd cannot be reached', async () => {
      const unreachable = new LibvirtHypervisor(
        optionsFor(bed, { uri: 'test+unix:///default?socket=/nonexistent/libvirt-sock' }),
        environment(COMPANY_ID),
      );
      const error = await unreachable
        .status('00000000-0000-4000-8000-000000000000')
        .catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(HypervisorUnavailable);
      expect((error as Error).message).toBe('libvirt: the libvirt connection failed');
      expect((error as Error).message).not.toContain('nonexistent');
    });
  });
}

describe('libvirt options and registration', () => {
  it('is registered, and no service type runs on it unless a company opts in', () => {
    expect(getDriver('libvirt')).toBe(libvirtDriver);
    for (const serviceType of Object.keys(SERVICE_TYPE_DRIVERS)) {
      expect(driverIdForServiceType(serviceType)).toBe('simulator');
      expect(driverIdForCompany(serviceType, {})).toBe('simulator');
    }
    expect(driverIdForCompany('Proxmox VE', { libvirt: ['Proxmox VE'] })).toBe('libvirt');
    expect(driverIdForCompany('Open Nebula', { libvirt: ['Proxmox VE'] })).toBe('simulator');
    expect(() =>
      driverIdForCompany('Proxmox VE', { libvirt: ['Proxmox VE'], simulator: ['Proxmox VE'] }),
    ).toThrow(/claimed by/);
  });

  it('takes the documented options with their defaults', () => {
    expect(
      parseLibvirtOptions({ uri: 'qemu+ssh://admin@kvm1.example/system?keyfile=/k' }),
    ).toMatchObject({
      virshPath: 'virsh',
      storagePool: 'default',
      network: 'default',
      graphics: 'vnc',
      graphicsListen: '127.0.0.1',
      namePrefix: 'portal-',
      images: {},
      serviceTypes: [],
    });
    expect(
      parseLibvirtOptions({ uri: 'qemu:///system', virshPath: '/usr/bin/virsh' }).virshPath,
    ).toBe('/usr/bin/virsh');
  });

  it.each([
    [{ uri: 'qemu+ext:///system?command=/bin/sh' }, 'uri'],
    [{ uri: 'qemu+ssh://host/system?command=/tmp/evil' }, 'uri'],
    [{ uri: 'xen:///system' }, 'uri'],
    [{ uri: 'qemu:///system', virshPath: '/tmp/virsh' }, 'virshPath'],
    [{ uri: 'qemu:///system', storagePool: '--pool' }, 'storagePool'],
    [{ uri: 'qemu:///system', images: { Ubuntu: '../etc/passwd' } }, 'images.Ubuntu'],
    [{ uri: 'qemu:///system', consoleBaseUrl: 'javascript:alert(1)' }, 'consoleBaseUrl'],
    [{ uri: 'qemu:///system', password: 'hunter2' }, ''],
  ])('refuses bad options, naming the field and never the value: %j', (options, field) => {
    const error = (() => {
      try {
        parseLibvirtOptions(options);
        return null;
      } catch (caught) {
        return caught;
      }
    })();
    expect(error).toBeInstanceOf(InvalidHypervisorOptions);
    const message = (error as Error).message;
    if (field) expect(message).toContain(field);
    for (const value of Object.values(options)) {
      if (typeof value === 'string' && value !== 'qemu:///system') {
        expect(message).not.toContain(value);
      }
    }
    expect(message).not.toContain('hunter2');
  });
});

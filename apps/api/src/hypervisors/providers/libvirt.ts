import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import {
  HypervisorRefused,
  HypervisorUnavailable,
  InvalidHypervisorOptions,
  MAX_ADDED_DISKS,
  isRefusal,
  type AccessDetails,
  type DriverEnvironment,
  type Hypervisor,
  type HypervisorDriver,
  type MachineDetails,
  type MachineResize,
  type MachineSpec,
  type MachineState,
  type RestoreSource,
} from '../provider';
import { checkDiskSize, checkName, checkResize, checkSpec, loginUserOf } from '../machine-checks';
import {
  GIB,
  KIB_PER_GIB,
  METADATA_KEY,
  METADATA_NAMESPACE,
  diskXml,
  domainNameFor,
  keyedDomainNameFor,
  domainXml,
  machineStateOf,
  metadataElement,
  nextTarget,
  parseCapacityBytes,
  parseDomainConfig,
  parseFirstIpv4,
  parseMetadata,
  replaceDisks,
  slugOf,
  volumeNameFor,
  type DiskRef,
  type DomainConfig,
  type MachineKind,
  type MachineMetadata,
} from './libvirt-xml';
import {
  INPUT_FILE,
  runVirsh,
  runVirshScript,
  toHypervisorError,
  type VirshConnection,
} from './virsh';

/**
 * A real hypervisor through libvirt: every operation is a `virsh -c <uri> …` call (providers/
 * virsh.ts). A machine is a persistent domain defined from XML we generate, its disks qcow2
 * volumes in one storage pool, and what the portal needs to remember about it (company, kind,
 * parent, archived, image, login user) a metadata element inside the domain itself, so libvirt
 * stays the only record. Domains without our metadata, or another company's, are `missing`.
 *
 * How each operation maps (and where libvirt's test driver, used by the tests, falls short):
 * - create: `vol-create-as --backing-vol` (a copy-on-write qcow2 over the image's base volume, of
 *   the disk size asked for), `define`, `domuuid`, `start`.
 * - start / shutdown (ACPI) / powerOff (`destroy`) / reboot; state from `domstate`.
 * - resize: `setmaxmem`/`setmem`/`setvcpus --config` (shut off only); the disk grows with
 *   `vol-resize` when shut off or `blockresize` while running. The test driver implements neither
 *   resize call: there the disk part is refused as 'rejected' (unsupported).
 * - addDisk: `vol-create-as`, then `attach-device --live --config` while running; where live
 *   attach is unsupported (test driver) or the machine is off, the disk is added to the persistent
 *   definition (`define`) and the guest sees it at its next boot.
 * - clone / snapshot: `vol-clone` of every disk into a new shut-off domain marked `clone` or
 *   `snapshot` (a copy of the disks only: no RAM, no running state). `snapshot-create-as
 *   --disk-only` is not used: the test driver refuses it (unsupported flags 0x10) and libvirt
 *   before 9.9 cannot revert external snapshots. On a real host a running machine's qcow2 is
 *   locked by QEMU, so copying it is refused 'not-shut-off' until it is shut off.
 * - restore: a clone becomes a machine and starts; a snapshot's volumes are copied back over its
 *   machine's disks (new volumes, the definition switched to them, the old ones deleted); an
 *   archived machine is unmarked.
 * - archive: a shut-off machine is marked archived in its metadata; only restore or delete follow.
 * - delete: refused unless shut off (a crashed machine is destroyed first); volumes, then
 *   `undefine --snapshots-metadata --managed-save`.
 * - accessDetails: a fresh password set for the image's login user through the QEMU guest agent
 *   (`set-user-password`, written to virsh's stdin so it is on no command line; the machine must
 *   run and its guest run qemu-guest-agent), and the console URL: `consoleBaseUrl` (an operator's
 *   noVNC/SPICE web proxy, `{uuid}` replaced) or else `domdisplay`. Graphics listen on
 *   127.0.0.1 by default, so the console is reachable only through such a proxy.
 *
 * Concurrency: libvirtd serialises jobs on a domain and refuses what does not fit its state, and
 * calls on one domain from this process queue behind each other (`withDomainLock`), so of two
 * concurrent calls the second sees the first's result. Across portal processes the checks the
 * driver makes before a change (archived, kind) are not atomic with it.
 */

const LIBVIRT_ID = 'libvirt';

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Pool, network and volume names: what libvirt takes and never an option to virsh. */
const OBJECT_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$/;
/** URI query parameters a company may set; `command` (ext/ssh: a local program) and the like not. */
const ALLOWED_URI_PARAMETERS = new Set([
  'keyfile',
  'no_verify',
  'no_tty',
  'known_hosts',
  'known_hosts_verify',
  'sshauth',
  'pkipath',
  'mode',
  'socket',
]);
const ALLOWED_TRANSPORTS = new Set(['', 'unix', 'ssh', 'libssh', 'libssh2', 'tls', 'tcp']);
/** Where virsh may be: it runs on the portal's host, so a company cannot name any program. */
const VIRSH_PATHS = ['virsh', '/usr/bin/virsh', '/usr/local/bin/virsh'] as const;

function isAllowedUri(value: string): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  const [driver, transport = '', extra] = url.protocol.replace(/:$/, '').split('+');
  if (extra !== undefined || !driver || !['qemu', 'test'].includes(driver)) return false;
  if (!ALLOWED_TRANSPORTS.has(transport)) return false;
  for (const name of url.searchParams.keys()) {
    if (!ALLOWED_URI_PARAMETERS.has(name)) return false;
  }
  // No spaces or control characters: one argument to virsh, one URI.
  return ![...value].some((char) => char <= ' ' || char === '\u007f');
}

const objectName = z.string().regex(OBJECT_NAME);

const libvirtOptionsSchema = z
  .object({
    /** libvirt connection URI: qemu+ssh://host/system, qemu:///system, test+unix:///default. */
    uri: z.string().max(500).refine(isAllowedUri),
    virshPath: z.enum(VIRSH_PATHS).default('virsh'),
    /** Per virsh call. */
    timeoutMs: z.number().int().min(1_000).max(600_000).default(60_000),
    /** Per volume copy (clone, snapshot, restore), which moves whole disks. */
    copyTimeoutMs: z
      .number()
      .int()
      .min(1_000)
      .max(6 * 3_600_000)
      .default(3_600_000),
    /** The pool machines' volumes are made in. */
    storagePool: objectName.default('default'),
    /** The pool holding the images' base volumes; the storage pool when left out. */
    imagePool: objectName.optional(),
    /** The base volume of each image (the product's OS name); unlisted images use
     * `<slug of the name>.qcow2`, e.g. `ubuntu-24-04.qcow2`. */
    images: z.record(z.string().min(1).max(200), objectName).default({}),
    /** The libvirt network machines join. */
    network: objectName.default('default'),
    /** The domain type; `test` for test:// URIs, else kvm unless told otherwise. */
    domainType: z.enum(['kvm', 'qemu']).optional(),
    graphics: z.enum(['vnc', 'spice']).default('vnc'),
    /** Where the graphics console listens on the host: local only unless told otherwise. */
    graphicsListen: z.ipv4().default('127.0.0.1'),
    /** The console in a browser (an operator's noVNC/SPICE proxy): `{uuid}` is replaced, else the
     * UUID is appended as a path segment. Without it, `virsh domdisplay` (vnc://…, spice://…). */
    consoleBaseUrl: z
      .url({ protocol: /^https?$/ })
      .max(500)
      .optional(),
    /** The company's service types (vm-lifecycle.md `serviceType`) that run on this connection
     * instead of their default driver (registry.ts `driverIdForCompany`). */
    serviceTypes: z.array(z.string().min(1).max(100)).max(20).default([]),
    /** Names of new domains begin with it. */
    namePrefix: z
      .string()
      .regex(/^[a-z0-9-]{0,20}$/)
      .default('portal-'),
  })
  .strict();
type LibvirtOptions = z.infer<typeof libvirtOptionsSchema>;

export function parseLibvirtOptions(options: unknown): LibvirtOptions {
  const parsed = libvirtOptionsSchema.safeParse(options ?? {});
  if (!parsed.success) {
    throw new InvalidHypervisorOptions(
      LIBVIRT_ID,
      parsed.error.issues.map((issue) => issue.path.join('.')),
    );
  }
  return parsed.data;
}

/** Calls on one domain from this process, one after another. */
const domainQueues = new Map<string, Promise<unknown>>();

async function withDomainLock<T>(key: string, work: () => Promise<T>): Promise<T> {
  const previous = domainQueues.get(key) ?? Promise.resolve();
  const current = previous.then(work, work);
  const tail = current.catch(() => undefined);
  domainQueues.set(key, tail);
  try {
    return await current;
  } finally {
    if (domainQueues.get(key) === tail) domainQueues.delete(key);
  }
}

type Domain = {
  uuid: string;
  meta: MachineMetadata;
  config: DomainConfig;
};

export class LibvirtHypervisor implements Hypervisor {
  static readonly id = LIBVIRT_ID;
  readonly driverId = LIBVIRT_ID;
  private readonly options: LibvirtOptions;
  private readonly connection: VirshConnection;
  private readonly companyId: number;

  constructor(options: unknown, environment: DriverEnvironment) {
    this.options = parseLibvirtOptions(options);
    this.connection = {
      uri: this.options.uri,
      virshPath: this.options.virshPath,
      timeoutMs: this.options.timeoutMs,
    };
    this.companyId = environment.companyId;
  }

  private get pool(): string {
    return this.options.storagePool;
  }

  private get domainType(): 'kvm' | 'qemu' | 'test' {
    if (this.options.uri.startsWith('test')) return 'test';
    return this.options.domainType ?? 'kvm';
  }

  async create(spec: MachineSpec): Promise<{ uuid: string }> {
    checkSpec(spec);
    const imagePool = this.options.imagePool ?? this.pool;
    const baseVolume = Object.hasOwn(this.options.images, spec.image)
      ? this.options.images[spec.image]!
      : `${slugOf(spec.image, 60)}.qcow2`;
    const basePath = (
      await this.virsh(['vol-path', '--pool', imagePool, baseVolume]).catch((error: unknown) => {
        throw isRefusal(error, 'missing')
          ? new HypervisorRefused('invalid-request', 'no base volume for the image')
          : error;
      })
    ).trim();
    const baseBytes = await this.capacityBytes(baseVolume, imagePool);
    if (spec.diskGb * GIB < baseBytes) {
      throw new HypervisorRefused('invalid-request', 'disk smaller than the image');
    }

    const name =
      spec.creationKey === undefined
        ? domainNameFor(this.options.namePrefix, spec.name)
        : keyedDomainNameFor(this.options.namePrefix, spec.name, this.companyId, spec.creationKey);
    if (spec.creationKey !== undefined) {
      const made = await this.domainNamed(name);
      if (made) return made;
    }
    const disk: DiskRef = { target: 'vda', volume: volumeNameFor(name, 'vda') };
    const user = loginUserOf(spec.image);
    await this.virsh([
      'vol-create-as',
      this.pool,
      disk.volume,
      `${spec.diskGb}G`,
      '--format',
      'qcow2',
      '--backing-vol',
      basePath,
      '--backing-vol-format',
      'qcow2',
    ]);
    let defined = false;
    try {
      await this.define(
        domainXml({
          name,
          title: spec.name,
          domainType: this.domainType,
          ramGb: spec.ramGb,
          vcpus: spec.vcpus,
          pool: this.pool,
          disks: [disk],
          network: this.options.network,
          graphics: this.options.graphics,
          graphicsListen: this.options.graphicsListen,
          metadata: {
            companyId: this.companyId,
            kind: 'machine',
            parent: null,
            archived: false,
            image: spec.image,
            user,
          },
        }),
      );
      defined = true;
      const uuid = (await this.virsh(['domuuid', name])).trim();
      await this.virsh(['start', uuid]);
      return { uuid };
    } catch (error) {
      // Nothing half-made stays behind: the job that asked may simply ask again.
      if (defined) await this.quietly(['undefine', name]);
      await this.quietly(['vol-delete', '--pool', this.pool, disk.volume]);
      throw error;
    }
  }

  async status(uuid: string): Promise<MachineState> {
    const domain = await this.find(uuid);
    if (!domain) return 'missing';
    return this.stateOf(uuid);
  }

  async details(uuid: string): Promise<MachineDetails> {
    const domain = await this.get(uuid);
    const state = await this.stateOf(uuid);
    const sizes = await this.diskSizesGb(domain.config.disks);
    return {
      state,
      ramGb: Math.round(domain.config.ramKiB / KIB_PER_GIB),
      vcpus: domain.config.vcpus,
      diskGb: sizes[0] ?? 0,
      addedDisksGb: sizes.slice(1),
      privateAddress: state === 'running' ? await this.privateAddress(uuid) : null,
    };
  }

  start(uuid: string): Promise<void> {
    return this.power(uuid, ['shutoff'], ['start', uuid]);
  }

  shutdown(uuid: string): Promise<void> {
    return this.power(uuid, ['running'], ['shutdown', uuid]);
  }

  powerOff(uuid: string): Promise<void> {
    return this.power(uuid, ['running', 'busy', 'failed'], ['destroy', uuid]);
  }

  reboot(uuid: string): Promise<void> {
    return this.power(uuid, ['running'], ['reboot', uuid]);
  }

  async resize(uuid: string, sizes: MachineResize): Promise<void> {
    checkResize(sizes);
    const changesCpuOrRam = sizes.ramGb !== undefined || sizes.vcpus !== undefined;
    await this.locked(uuid, async () => {
      const domain = await this.usableMachine(uuid);
      const state = await this.stateOf(uuid);
      const [root] = domain.config.disks;
      if (!root) throw new HypervisorRefused('invalid-state', 'the machine has no disk');
      const rootBytes = sizes.diskGb === undefined ? 0 : await this.capacityBytes(root.volume);
      if (sizes.diskGb !== undefined && sizes.diskGb * GIB < rootBytes) {
        throw new HypervisorRefused('disk-shrink');
      }
      if (changesCpuOrRam && state !== 'shutoff') {
        throw new HypervisorRefused(state === 'running' ? 'not-shut-off' : 'invalid-state');
      }
      if (!changesCpuOrRam && state !== 'shutoff' && state !== 'running') {
        throw new HypervisorRefused(state === 'busy' ? 'busy' : 'invalid-state');
      }
      if (sizes.diskGb !== undefined && sizes.diskGb * GIB > rootBytes) {
        await this.virsh(
          state === 'running'
            ? ['blockresize', uuid, root.target, `${sizes.diskGb}G`]
            : ['vol-resize', '--pool', this.pool, root.volume, `${sizes.diskGb}G`],
        );
      }
      if (sizes.ramGb !== undefined) {
        const ramKiB = String(sizes.ramGb * KIB_PER_GIB);
        const grows = sizes.ramGb * KIB_PER_GIB > domain.config.ramKiB;
        const max = ['setmaxmem', uuid, ramKiB, '--config'];
        const current = ['setmem', uuid, ramKiB, '--config'];
        for (const args of grows ? [max, current] : [current, max]) await this.virsh(args);
      }
      if (sizes.vcpus !== undefined) {
        const count = String(sizes.vcpus);
        const max = ['setvcpus', uuid, count, '--config', '--maximum'];
        const current = ['setvcpus', uuid, count, '--config'];
        const grows = sizes.vcpus > domain.config.vcpus;
        for (const args of grows ? [max, current] : [current, max]) await this.virsh(args);
      }
    });
  }

  async addDisk(uuid: string, sizeGb: number): Promise<void> {
    checkDiskSize(sizeGb);
    await this.locked(uuid, async () => {
      const domain = await this.usableMachine(uuid);
      const state = await this.stateOf(uuid);
      if (state !== 'running' && state !== 'shutoff') {
        throw new HypervisorRefused(state === 'busy' ? 'busy' : 'invalid-state');
      }
      if (domain.config.disks.length - 1 >= MAX_ADDED_DISKS) {
        throw new HypervisorRefused('disk-limit');
      }
      const target = nextTarget(domain.config.disks);
      const disk: DiskRef = { target, volume: volumeNameFor(domain.config.name, target) };
      await this.virsh([
        'vol-create-as',
        this.pool,
        disk.volume,
        `${sizeGb}G`,
        '--format',
        'qcow2',
      ]);
      try {
        let attached = false;
        if (state === 'running') {
          attached = await this.virsh(['attach-device', uuid, INPUT_FILE, '--live', '--config'], {
            file: diskXml(this.pool, disk),
          }).then(
            () => true,
            (error: unknown) => {
              // No hot-plug here (libvirt's test driver): the definition takes it below.
              if (isRefusal(error, 'rejected')) return false;
              throw error;
            },
          );
        }
        if (!attached) {
          const xml = await this.persistentXml(uuid);
          await this.define(replaceDisks(xml, this.pool, [...domain.config.disks, disk]));
        }
      } catch (error) {
        await this.quietly(['vol-delete', '--pool', this.pool, disk.volume]);
        throw error;
      }
    });
  }

  async clone(uuid: string, name: string): Promise<{ uuid: string }> {
    return this.copy(uuid, name, 'clone');
  }

  async snapshot(uuid: string, name: string): Promise<{ snapshotId: string }> {
    const { uuid: snapshotId } = await this.copy(uuid, name, 'snapshot');
    return { snapshotId };
  }

  async archive(uuid: string): Promise<void> {
    await this.locked(uuid, async () => {
      const domain = await this.usableMachine(uuid);
      const state = await this.stateOf(uuid);
      if (state !== 'shutoff') {
        throw new HypervisorRefused(state === 'running' ? 'not-shut-off' : 'invalid-state');
      }
      await this.writeMetadata(uuid, { ...domain.meta, archived: true });
    });
  }

  async restore(source: RestoreSource): Promise<void> {
    if (source.kind === 'archive') {
      await this.locked(source.uuid, async () => {
        const domain = await this.get(source.uuid);
        if (domain.meta.kind !== 'machine') throw new HypervisorRefused('invalid-request');
        if (!domain.meta.archived) throw new HypervisorRefused('invalid-state');
        if ((await this.stateOf(source.uuid)) !== 'shutoff') {
          throw new HypervisorRefused('invalid-state');
        }
        await this.writeMetadata(source.uuid, { ...domain.meta, archived: false });
      });
      return;
    }
    if (source.kind === 'clone') {
      await this.locked(source.uuid, async () => {
        const domain = await this.get(source.uuid);
        if (domain.meta.kind !== 'clone') throw new HypervisorRefused('invalid-request');
        if ((await this.stateOf(source.uuid)) !== 'shutoff') {
          throw new HypervisorRefused('invalid-state');
        }
        await this.writeMetadata(source.uuid, { ...domain.meta, kind: 'machine' });
        await this.virsh(['start', source.uuid]);
      });
      return;
    }
    const snapshot = await this.find(source.snapshotId);
    if (!snapshot || snapshot.meta.kind !== 'snapshot') throw new HypervisorRefused('missing');
    const parent = snapshot.meta.parent;
    if (!parent) throw new HypervisorRefused('invalid-state');
    await this.locked(parent, async () => {
      const machine = await this.usableMachine(parent);
      const state = await this.stateOf(parent);
      if (state !== 'shutoff') {
        throw new HypervisorRefused(state === 'running' ? 'not-shut-off' : 'invalid-state');
      }
      const copies = await this.copyVolumes(snapshot.config.disks, machine.config.name);
      try {
        const xml = await this.persistentXml(parent);
        await this.define(replaceDisks(xml, this.pool, copies));
      } catch (error) {
        await this.deleteVolumes(copies);
        throw error;
      }
      await this.deleteVolumes(machine.config.disks);
    });
  }

  async delete(uuid: string): Promise<void> {
    await this.locked(uuid, async () => {
      const domain = await this.get(uuid);
      const state = await this.stateOf(uuid);
      if (state === 'running' || state === 'busy') throw new HypervisorRefused('not-shut-off');
      if (state === 'failed') await this.virsh(['destroy', uuid]);
      // Volumes first: should undefine fail, a second delete finds them gone and finishes.
      await this.deleteVolumes(domain.config.disks);
      await this.virsh(['undefine', uuid, '--snapshots-metadata', '--managed-save']);
    });
  }

  async accessDetails(uuid: string): Promise<AccessDetails> {
    const domain = await this.get(uuid);
    if (domain.meta.kind === 'snapshot') throw new HypervisorRefused('missing');
    if ((await this.stateOf(uuid)) !== 'running') {
      // The password is set by the guest agent, which runs only in a running machine.
      throw new HypervisorRefused('invalid-state', 'the machine must be running');
    }
    const user = domain.meta.user || 'root';
    const password = randomBytes(12).toString('base64url');
    await runVirshScript(this.connection, [
      ['set-user-password', '--domain', uuid, '--user', user, '--password', password],
    ]).catch((error: unknown) => {
      throw toHypervisorError(error);
    });
    return {
      user,
      password,
      consoleUrl: await this.consoleUrl(uuid),
      privateAddress: await this.privateAddress(uuid),
    };
  }

  // ---------------------------------------------------------------------------------------------

  private async virsh(args: string[], run?: { file?: string; timeoutMs?: number }) {
    try {
      return await runVirsh(this.connection, args, run);
    } catch (error) {
      throw toHypervisorError(error);
    }
  }

  /** Runs a clean-up command; its failure changes nothing for the caller. */
  private async quietly(args: string[]): Promise<void> {
    await runVirsh(this.connection, args).catch(() => undefined);
  }

  private locked<T>(uuid: string, work: () => Promise<T>): Promise<T> {
    if (!UUID_PATTERN.test(uuid)) return Promise.reject(new HypervisorRefused('missing'));
    return withDomainLock(`${this.options.uri}\n${uuid.toLowerCase()}`, work);
  }

  /**
   * The machine an earlier try of a keyed create defined, started if that try stopped before
   * starting it; null when there is none (or it is another company's).
   */
  private async domainNamed(name: string): Promise<{ uuid: string } | null> {
    let uuid: string;
    try {
      uuid = (await this.virsh(['domuuid', name])).trim();
    } catch (error) {
      if (isRefusal(error, 'missing')) return null;
      throw error;
    }
    const state = await this.status(uuid);
    if (state === 'missing') return null;
    if (state === 'shutoff') await this.quietly(['start', uuid]);
    return { uuid };
  }

  private async define(xml: string): Promise<void> {
    await this.virsh(['define', INPUT_FILE], { file: xml });
  }

  /** The persistent definition with everything in it (graphics passwords an operator set), to be
   * changed and defined again. Never logged. */
  private async persistentXml(uuid: string): Promise<string> {
    return this.virsh(['dumpxml', uuid, '--inactive', '--security-info']);
  }

  /** Our domain of this company, or null (an unknown UUID, a domain we did not make). */
  private async find(uuid: string): Promise<Domain | null> {
    if (!UUID_PATTERN.test(uuid)) return null;
    let xml: string;
    try {
      xml = await this.virsh(['dumpxml', uuid, '--inactive']);
    } catch (error) {
      if (isRefusal(error, 'missing')) return null;
      throw error;
    }
    const meta = parseMetadata(xml);
    if (!meta || meta.companyId !== this.companyId) return null;
    try {
      return { uuid, meta, config: parseDomainConfig(xml) };
    } catch {
      throw new HypervisorUnavailable('libvirt: unreadable domain definition');
    }
  }

  private async get(uuid: string): Promise<Domain> {
    const domain = await this.find(uuid);
    if (!domain) throw new HypervisorRefused('missing');
    return domain;
  }

  /** A machine (not a backup) that is not archived. */
  private async usableMachine(uuid: string): Promise<Domain> {
    const domain = await this.get(uuid);
    if (domain.meta.kind !== 'machine') throw new HypervisorRefused('invalid-request');
    if (domain.meta.archived) throw new HypervisorRefused('archived');
    return domain;
  }

  private async stateOf(uuid: string): Promise<Exclude<MachineState, 'provisioning'>> {
    try {
      return machineStateOf(await this.virsh(['domstate', uuid]));
    } catch (error) {
      if (isRefusal(error, 'missing')) return 'missing';
      throw error;
    }
  }

  private async power(uuid: string, from: MachineState[], command: string[]): Promise<void> {
    await this.locked(uuid, async () => {
      await this.usableMachine(uuid);
      const state = await this.stateOf(uuid);
      if (state === 'missing') throw new HypervisorRefused('missing');
      if (!from.includes(state)) {
        throw new HypervisorRefused(state === 'busy' ? 'busy' : 'invalid-state');
      }
      await this.virsh(command);
    });
  }

  private async writeMetadata(uuid: string, meta: MachineMetadata): Promise<void> {
    await this.virsh([
      'metadata',
      uuid,
      METADATA_NAMESPACE,
      '--key',
      METADATA_KEY,
      '--set',
      metadataElement(meta),
      '--config',
    ]);
  }

  private async capacityBytes(volume: string, pool = this.pool): Promise<number> {
    const info = await this.virsh(['vol-info', '--pool', pool, volume, '--bytes']);
    try {
      return parseCapacityBytes(info);
    } catch {
      throw new HypervisorUnavailable('libvirt: unreadable volume information');
    }
  }

  private async diskSizesGb(disks: DiskRef[]): Promise<number[]> {
    const sizes: number[] = [];
    for (const disk of disks) {
      sizes.push(Math.round((await this.capacityBytes(disk.volume)) / GIB));
    }
    return sizes;
  }

  private async privateAddress(uuid: string): Promise<string | null> {
    // DHCP leases of a libvirt network; a guest on a bridge without them reports none.
    const output = await runVirsh(this.connection, ['domifaddr', uuid, '--source', 'lease']).catch(
      () => '',
    );
    return parseFirstIpv4(output);
  }

  private async consoleUrl(uuid: string): Promise<string> {
    const base = this.options.consoleBaseUrl;
    if (base) {
      const id = encodeURIComponent(uuid);
      return base.includes('{uuid}')
        ? base.replaceAll('{uuid}', id)
        : `${base.replace(/\/+$/, '')}/${id}`;
    }
    return (await this.virsh(['domdisplay', uuid])).trim();
  }

  private async copyVolumes(disks: DiskRef[], domainName: string): Promise<DiskRef[]> {
    const copies: DiskRef[] = [];
    try {
      for (const disk of disks) {
        const copy = { target: disk.target, volume: volumeNameFor(domainName, disk.target) };
        await this.virsh(['vol-clone', '--pool', this.pool, disk.volume, copy.volume], {
          timeoutMs: this.options.copyTimeoutMs,
        });
        copies.push(copy);
      }
    } catch (error) {
      await this.deleteVolumes(copies);
      throw error;
    }
    return copies;
  }

  private async deleteVolumes(disks: DiskRef[]): Promise<void> {
    for (const disk of disks) {
      await this.virsh(['vol-delete', '--pool', this.pool, disk.volume]).catch((error: unknown) => {
        if (!isRefusal(error, 'missing')) throw error;
      });
    }
  }

  private async copy(uuid: string, name: string, kind: MachineKind): Promise<{ uuid: string }> {
    checkName(name);
    return this.locked(uuid, async () => {
      const parent = await this.usableMachine(uuid);
      const state = await this.stateOf(uuid);
      if (state !== 'running' && state !== 'shutoff') {
        throw new HypervisorRefused(state === 'busy' ? 'busy' : 'invalid-state');
      }
      const domainName = domainNameFor(this.options.namePrefix, name);
      const disks = await this.copyVolumes(parent.config.disks, domainName);
      let defined = false;
      try {
        await this.define(
          domainXml({
            name: domainName,
            title: name,
            domainType: this.domainType,
            ramGb: Math.max(1, Math.round(parent.config.ramKiB / KIB_PER_GIB)),
            vcpus: parent.config.vcpus,
            pool: this.pool,
            disks,
            network: this.options.network,
            graphics: this.options.graphics,
            graphicsListen: this.options.graphicsListen,
            metadata: { ...parent.meta, kind, parent: uuid, archived: false },
          }),
        );
        defined = true;
        return { uuid: (await this.virsh(['domuuid', domainName])).trim() };
      } catch (error) {
        if (defined) await this.quietly(['undefine', domainName]);
        await this.deleteVolumes(disks);
        throw error;
      }
    });
  }
}

export const libvirtDriver: HypervisorDriver<LibvirtOptions> = {
  id: LIBVIRT_ID,
  parseOptions: parseLibvirtOptions,
  connect: (options, environment) => new LibvirtHypervisor(options, environment),
};

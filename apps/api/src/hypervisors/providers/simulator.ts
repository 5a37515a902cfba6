import { createHash, randomBytes, randomInt, randomUUID } from 'node:crypto';
import { and, eq, inArray, isNotNull, isNull, lte, ne, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { simulatedCreateFaults, simulatedMachines } from '../../db/schema/hypervisors';
import {
  HypervisorRefused,
  HypervisorUnavailable,
  InvalidHypervisorOptions,
  MAX_ADDED_DISKS,
  type AccessDetails,
  type DriverEnvironment,
  type Hypervisor,
  type HypervisorDriver,
  type MachineDetails,
  type MachineResize,
  type MachineSpec,
  type MachineState,
  type RefusalReason,
  type RestoreSource,
} from '../provider';
import { checkDiskSize, checkName, checkResize, checkSpec, loginUserOf } from '../machine-checks';

/**
 * The embedded hypervisor: machines are rows of `simulated_machines`, every operation takes
 * `operationMs` and completes by the clock, so a restart mid-way loses nothing. Every decision is
 * one conditional statement (`UPDATE … WHERE state = … AND operation IS NULL`), so of two
 * concurrent calls exactly one wins, across processes too.
 */

export const SIMULATOR_ID = 'simulator';

const simulatorOptionsSchema = z
  .object({
    /** How long every operation takes. */
    operationMs: z.number().int().min(0).max(600_000).default(3_000),
  })
  .strict();
type SimulatorOptions = z.infer<typeof simulatorOptionsSchema>;

/** How an injected fault strikes: the operation is accepted and ends `failed`, is refused at
 * once (`HypervisorRefused` 'rejected'), or the hypervisor is unreachable (`HypervisorUnavailable`). */
export type FaultMode = 'fail' | 'refuse' | 'unavailable';

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const ADDRESS_ATTEMPTS = 8;

type Row = typeof simulatedMachines.$inferSelect;
type StoredState = 'provisioning' | 'running' | 'shutoff' | 'failed' | 'deleted';
type Kind = 'machine' | 'clone' | 'snapshot';

function consoleUrlOf(uuid: string): string {
  return `/api/hypervisors/simulator/console/${uuid}`;
}

export function consolePasswordHash(password: string): string {
  return createHash('sha256').update(password).digest('hex');
}

function randomPrivateAddress(): string {
  return `10.${randomInt(0, 256)}.${randomInt(0, 256)}.${randomInt(2, 255)}`;
}

const table = simulatedMachines;

function stateOf(row: Row | null): MachineState {
  if (!row || row.state === 'deleted') return 'missing';
  if (row.operation !== null) return row.operation === 'create' ? 'provisioning' : 'busy';
  return row.state as MachineState;
}

/** A column's value once the finished operation is applied: its change, unless it failed. */
function settled(column: SQL, change: SQL): SQL {
  return sql`case when ${table.operationFailure} is null then coalesce(${change}, ${column}) else ${column} end`;
}

type Transition = {
  operation: string;
  /** Stored states the operation starts from. */
  from: StoredState[];
  /** 'same': the state it started from (a reboot, a resize). */
  target: StoredState | 'same';
  kinds?: Kind[];
  /** Allowed on an archived machine. */
  archived?: 'only' | 'allowed';
  /** Further conditions of acceptance, decided in the same statement. */
  where?: SQL;
  changes?: SQL | Record<string, unknown>;
  /** Why a refused call was refused, once the generic reasons are ruled out. */
  explain?: (row: Row) => RefusalReason | null;
};

export class SimulatorHypervisor implements Hypervisor {
  static readonly id = SIMULATOR_ID;
  readonly driverId = SIMULATOR_ID;
  private readonly db: Database;
  private readonly companyId: number;
  private readonly now: () => Date;
  private readonly options: SimulatorOptions;

  constructor(options: unknown, environment: DriverEnvironment) {
    this.options = parseSimulatorOptions(options);
    this.db = environment.database;
    this.companyId = environment.companyId;
    this.now = environment.now ?? (() => new Date());
  }

  /** Makes the next operation on a machine (or the company's next `create`) fail. */
  async failNext(target: string, reason: string, mode: FaultMode = 'fail'): Promise<void> {
    if (target === 'create') {
      await this.db
        .insert(simulatedCreateFaults)
        .values({ companyId: this.companyId, mode, reason })
        .onConflictDoUpdate({ target: simulatedCreateFaults.companyId, set: { mode, reason } });
      return;
    }
    if (!UUID_PATTERN.test(target)) throw new HypervisorRefused('missing');
    const updated = await this.db
      .update(table)
      .set({ pendingFault: { mode, reason } })
      .where(and(this.machine(target), ne(table.state, 'deleted')))
      .returning({ uuid: table.uuid });
    if (updated.length === 0) throw new HypervisorRefused('missing');
  }

  async create(spec: MachineSpec): Promise<{ uuid: string }> {
    checkSpec(spec);
    if (spec.creationKey !== undefined) {
      const made = await this.machineMadeBy(spec.creationKey);
      if (made) return made;
    }
    const [fault] = await this.db
      .delete(simulatedCreateFaults)
      .where(eq(simulatedCreateFaults.companyId, this.companyId))
      .returning();
    if (fault) this.strikeAtOnce(fault.mode, fault.reason);
    return this.insertMachine({
      kind: 'machine',
      parentUuid: null,
      name: spec.name,
      creationKey: spec.creationKey ?? null,
      image: spec.image,
      ramGb: spec.ramGb,
      vcpus: spec.vcpus,
      diskGb: spec.diskGb,
      addedDisksGb: [],
      operation: 'create',
      target: 'running',
      failure: fault?.mode === 'fail' ? fault.reason : null,
      hasAddress: true,
    });
  }

  async status(uuid: string): Promise<MachineState> {
    return stateOf(await this.settleAndRead(uuid));
  }

  async details(uuid: string): Promise<MachineDetails> {
    const row = await this.settleAndRead(uuid);
    if (!row || row.state === 'deleted') throw new HypervisorRefused('missing');
    return {
      state: stateOf(row),
      ramGb: row.ramGb,
      vcpus: row.vcpus,
      diskGb: row.diskGb,
      addedDisksGb: row.addedDisksGb,
      privateAddress: row.privateAddress,
    };
  }

  start(uuid: string): Promise<void> {
    return this.transition(uuid, { operation: 'start', from: ['shutoff'], target: 'running' });
  }

  shutdown(uuid: string): Promise<void> {
    return this.transition(uuid, { operation: 'shutdown', from: ['running'], target: 'shutoff' });
  }

  powerOff(uuid: string): Promise<void> {
    return this.transition(uuid, {
      operation: 'power-off',
      from: ['running', 'failed'],
      target: 'shutoff',
    });
  }

  reboot(uuid: string): Promise<void> {
    return this.transition(uuid, { operation: 'reboot', from: ['running'], target: 'running' });
  }

  async resize(uuid: string, sizes: MachineResize): Promise<void> {
    checkResize(sizes);
    const changesCpuOrRam = sizes.ramGb !== undefined || sizes.vcpus !== undefined;
    const diskGrows =
      sizes.diskGb === undefined ? sql`true` : sql`${table.diskGb} <= ${sizes.diskGb}`;
    await this.transition(uuid, {
      operation: 'resize',
      // Without hot-plug, RAM and vCPUs change only while the machine is off; a disk may grow live.
      from: changesCpuOrRam ? ['shutoff'] : ['running', 'shutoff'],
      target: 'same',
      where: diskGrows,
      changes: { ramGb: sizes.ramGb, vcpus: sizes.vcpus, diskGb: sizes.diskGb },
      explain: (row) => {
        if (sizes.diskGb !== undefined && row.diskGb > sizes.diskGb) return 'disk-shrink';
        if (changesCpuOrRam && row.state === 'running') return 'not-shut-off';
        return null;
      },
    });
  }

  async addDisk(uuid: string, sizeGb: number): Promise<void> {
    checkDiskSize(sizeGb);
    await this.transition(uuid, {
      operation: 'add-disk',
      from: ['running', 'shutoff'],
      target: 'same',
      where: sql`jsonb_array_length(${table.addedDisksGb}) < ${MAX_ADDED_DISKS}`,
      changes: sql`jsonb_build_object('addedDisksGb', ${table.addedDisksGb} || jsonb_build_array(${sizeGb}::int))`,
      explain: (row) => (row.addedDisksGb.length >= MAX_ADDED_DISKS ? 'disk-limit' : null),
    });
  }

  clone(uuid: string, name: string): Promise<{ uuid: string }> {
    return this.copy(uuid, name, 'clone');
  }

  async snapshot(uuid: string, name: string): Promise<{ snapshotId: string }> {
    const { uuid: snapshotId } = await this.copy(uuid, name, 'snapshot');
    return { snapshotId };
  }

  archive(uuid: string): Promise<void> {
    return this.transition(uuid, {
      operation: 'archive',
      from: ['shutoff'],
      target: 'shutoff',
      changes: { isArchived: true },
      explain: (row) => (row.state === 'running' ? 'not-shut-off' : null),
    });
  }

  async restore(source: RestoreSource): Promise<void> {
    if (source.kind === 'archive') {
      await this.transition(source.uuid, {
        operation: 'restore',
        from: ['shutoff'],
        target: 'shutoff',
        archived: 'only',
        changes: { isArchived: false },
      });
      return;
    }
    if (source.kind === 'clone') {
      await this.transition(source.uuid, {
        operation: 'restore',
        from: ['shutoff'],
        target: 'running',
        kinds: ['clone'],
        changes: { kind: 'machine', isRestored: true },
      });
      return;
    }
    const snapshot = await this.settleAndRead(source.snapshotId);
    if (!snapshot || snapshot.state === 'deleted' || snapshot.kind !== 'snapshot') {
      throw new HypervisorRefused('missing');
    }
    if (snapshot.operation !== null || snapshot.state !== 'shutoff' || !snapshot.parentUuid) {
      throw new HypervisorRefused(snapshot.operation !== null ? 'busy' : 'invalid-state');
    }
    await this.transition(snapshot.parentUuid, {
      operation: 'restore',
      from: ['shutoff'],
      target: 'shutoff',
      changes: { diskGb: snapshot.diskGb, addedDisksGb: snapshot.addedDisksGb },
      explain: (row) => (row.state === 'running' ? 'not-shut-off' : null),
    });
  }

  delete(uuid: string): Promise<void> {
    return this.transition(uuid, {
      operation: 'delete',
      from: ['shutoff', 'failed'],
      target: 'deleted',
      kinds: ['machine', 'clone', 'snapshot'],
      archived: 'allowed',
      explain: (row) => (row.state === 'running' ? 'not-shut-off' : null),
    });
  }

  async accessDetails(uuid: string): Promise<AccessDetails> {
    const password = randomBytes(12).toString('base64url');
    const row = await this.settleAndRead(uuid);
    if (!row || row.state === 'deleted' || row.kind === 'snapshot') {
      throw new HypervisorRefused('missing');
    }
    const updated = await this.db
      .update(table)
      .set({ consolePasswordHash: consolePasswordHash(password), updatedAt: this.now() })
      .where(and(this.machine(uuid), ne(table.state, 'deleted')))
      .returning({ privateAddress: table.privateAddress });
    if (updated.length === 0) throw new HypervisorRefused('missing');
    return {
      user: loginUserOf(row.image),
      password,
      consoleUrl: consoleUrlOf(uuid),
      privateAddress: updated[0]!.privateAddress,
    };
  }

  private machine(uuid: string): SQL {
    return and(eq(table.companyId, this.companyId), eq(table.uuid, uuid))!;
  }

  private strikeAtOnce(mode: string, reason: string): void {
    if (mode === 'unavailable') throw new HypervisorUnavailable(reason);
    if (mode === 'refuse') throw new HypervisorRefused('rejected', reason);
  }

  /** Completes the machine's finished operation, if any (one conditional UPDATE), then reads it. */
  private async settleAndRead(uuid: string): Promise<Row | null> {
    if (!UUID_PATTERN.test(uuid)) return null;
    await this.settle(uuid);
    const [row] = await this.db.select().from(table).where(this.machine(uuid));
    return row ?? null;
  }

  private async settle(uuid: string): Promise<void> {
    const now = this.now();
    const changes = table.operationChanges;
    const deletedNow = sql`${table.operationTarget} = 'deleted' and ${table.operationFailure} is null`;
    await this.db
      .update(table)
      .set({
        state: sql`case when ${table.operationFailure} is not null then 'failed' else ${table.operationTarget} end`,
        failureReason: sql`${table.operationFailure}`,
        kind: settled(sql`${table.kind}`, sql`${changes}->>'kind'`),
        ramGb: settled(sql`${table.ramGb}`, sql`(${changes}->>'ramGb')::int`),
        vcpus: settled(sql`${table.vcpus}`, sql`(${changes}->>'vcpus')::int`),
        diskGb: settled(sql`${table.diskGb}`, sql`(${changes}->>'diskGb')::int`),
        addedDisksGb: settled(sql`${table.addedDisksGb}`, sql`${changes}->'addedDisksGb'`),
        isArchived: settled(sql`${table.isArchived}`, sql`(${changes}->>'isArchived')::boolean`),
        isRestored: settled(sql`${table.isRestored}`, sql`(${changes}->>'isRestored')::boolean`),
        // A deleted machine frees its address and its creation key (as a deleted libvirt domain
        // frees its name).
        privateAddress: sql`case when ${deletedNow} then null else ${table.privateAddress} end`,
        creationKey: sql`case when ${deletedNow} then null else ${table.creationKey} end`,
        operation: null,
        operationTarget: null,
        operationEndsAt: null,
        operationChanges: null,
        operationFailure: null,
        updatedAt: now,
      })
      .where(and(this.machine(uuid), isNotNull(table.operation), lte(table.operationEndsAt, now)));
  }

  /** Takes the machine's injected fault (all of them, or only those that strike at once) in one
   * statement; the locked subquery yields the value as it was before it was cleared. */
  private async takeFault(
    uuid: string,
    which: 'any' | 'immediate',
  ): Promise<{ mode: string; reason: string } | null> {
    const condition =
      which === 'any'
        ? sql`${table.pendingFault} is not null`
        : sql`${table.pendingFault}->>'mode' <> 'fail'`;
    const [taken] = await this.db
      .update(table)
      .set({ pendingFault: null })
      .from(
        sql`(select ${table.uuid} as fault_uuid, ${table.pendingFault} as fault from ${table}
             where ${table.companyId} = ${this.companyId} and ${table.uuid} = ${uuid}
               and ${condition} for update) as taken`,
      )
      .where(and(sql`${table.uuid} = taken.fault_uuid`, condition))
      .returning({ fault: sql<{ mode: string; reason: string }>`taken.fault` });
    return taken?.fault ?? null;
  }

  private endsAt(): Date {
    return new Date(this.now().getTime() + this.options.operationMs);
  }

  private async transition(uuid: string, spec: Transition): Promise<void> {
    if (!UUID_PATTERN.test(uuid)) throw new HypervisorRefused('missing');
    await this.settle(uuid);
    const fault = await this.takeFault(uuid, 'immediate');
    if (fault) this.strikeAtOnce(fault.mode, fault.reason);
    const kinds = spec.kinds ?? ['machine'];
    const archived =
      spec.archived === 'only'
        ? eq(table.isArchived, true)
        : spec.archived === 'allowed'
          ? undefined
          : eq(table.isArchived, false);
    const changes =
      spec.changes === undefined
        ? null
        : 'getSQL' in spec.changes
          ? (spec.changes as SQL)
          : sql`${JSON.stringify(spec.changes)}::jsonb`;
    const accepted = await this.db
      .update(table)
      .set({
        operation: spec.operation,
        operationTarget: spec.target === 'same' ? sql`${table.state}` : spec.target,
        operationEndsAt: this.endsAt(),
        operationChanges: changes === null ? null : sql`${changes}`,
        operationFailure: sql`case when ${table.pendingFault}->>'mode' = 'fail' then ${table.pendingFault}->>'reason' end`,
        pendingFault: sql`case when ${table.pendingFault}->>'mode' = 'fail' then null else ${table.pendingFault} end`,
        failureReason: null,
        updatedAt: this.now(),
      })
      .where(
        and(
          this.machine(uuid),
          isNull(table.operation),
          inArray(table.state, spec.from),
          inArray(table.kind, kinds),
          archived,
          spec.where,
        ),
      )
      .returning({ uuid: table.uuid });
    if (accepted.length > 0) return;
    const [row] = await this.db.select().from(table).where(this.machine(uuid));
    throw new HypervisorRefused(this.explainRefusal(row, spec, kinds));
  }

  private explainRefusal(
    row: Row | undefined,
    spec: Pick<Transition, 'archived' | 'explain'>,
    kinds: Kind[],
  ): RefusalReason {
    if (!row || row.state === 'deleted') return 'missing';
    if (row.operation !== null) return 'busy';
    if (!kinds.includes(row.kind as Kind)) return 'invalid-request';
    if (spec.archived === undefined && row.isArchived) return 'archived';
    if (spec.archived === 'only' && !row.isArchived) return 'invalid-state';
    return spec.explain?.(row) ?? 'invalid-state';
  }

  private async copy(uuid: string, name: string, kind: 'clone' | 'snapshot') {
    checkName(name);
    const parent = await this.settleAndRead(uuid);
    if (!parent || parent.state === 'deleted') throw new HypervisorRefused('missing');
    if (parent.kind !== 'machine') throw new HypervisorRefused('invalid-request');
    if (parent.isArchived) throw new HypervisorRefused('archived');
    if (parent.operation !== null) throw new HypervisorRefused('busy');
    if (parent.state !== 'running' && parent.state !== 'shutoff') {
      throw new HypervisorRefused('invalid-state');
    }
    // The copy is taken from the parent as it is now; the parent's own state does not change, so
    // only its injected fault is taken (one statement), not a lock on the parent.
    const fault = await this.takeFault(uuid, 'any');
    if (fault) this.strikeAtOnce(fault.mode, fault.reason);
    return this.insertMachine({
      kind,
      parentUuid: parent.uuid,
      name,
      image: parent.image,
      ramGb: parent.ramGb,
      vcpus: parent.vcpus,
      diskGb: parent.diskGb,
      addedDisksGb: parent.addedDisksGb,
      operation: kind,
      target: 'shutoff',
      failure: fault?.mode === 'fail' ? fault.reason : null,
      hasAddress: kind === 'clone',
    });
  }

  /** The machine a create with this key made, unless it has been deleted since (settle frees the key). */
  private async machineMadeBy(creationKey: string): Promise<{ uuid: string } | null> {
    const [made] = await this.db
      .select({ uuid: table.uuid })
      .from(table)
      .where(and(eq(table.companyId, this.companyId), eq(table.creationKey, creationKey)));
    return made ?? null;
  }

  private async insertMachine(machine: {
    kind: Kind;
    parentUuid: string | null;
    name: string;
    creationKey?: string | null;
    image: string;
    ramGb: number;
    vcpus: number;
    diskGb: number;
    addedDisksGb: number[];
    operation: string;
    target: StoredState;
    failure: string | null;
    hasAddress: boolean;
  }): Promise<{ uuid: string }> {
    const now = this.now();
    for (let attempt = 0; attempt < ADDRESS_ATTEMPTS; attempt += 1) {
      const uuid = randomUUID();
      // A taken address (unique per company) makes the insert do nothing: try another one.
      const inserted = await this.db
        .insert(table)
        .values({
          uuid,
          companyId: this.companyId,
          kind: machine.kind,
          parentUuid: machine.parentUuid,
          name: machine.name,
          creationKey: machine.creationKey ?? null,
          image: machine.image,
          ramGb: machine.ramGb,
          vcpus: machine.vcpus,
          diskGb: machine.diskGb,
          addedDisksGb: machine.addedDisksGb,
          privateAddress: machine.hasAddress ? randomPrivateAddress() : null,
          state: machine.kind === 'machine' ? 'provisioning' : 'shutoff',
          operation: machine.operation,
          operationTarget: machine.target,
          operationEndsAt: this.endsAt(),
          operationFailure: machine.failure,
          createdAt: now,
          updatedAt: now,
        })
        .onConflictDoNothing()
        .returning({ uuid: table.uuid });
      if (inserted.length > 0) return { uuid };
      // The same create running side by side took the key first: its machine is the answer.
      if (machine.creationKey) {
        const made = await this.machineMadeBy(machine.creationKey);
        if (made) return made;
      }
    }
    throw new HypervisorUnavailable('no free private address');
  }
}

function parseSimulatorOptions(options: unknown): SimulatorOptions {
  const parsed = simulatorOptionsSchema.safeParse(options ?? {});
  if (!parsed.success) {
    throw new InvalidHypervisorOptions(
      SIMULATOR_ID,
      parsed.error.issues.map((issue) => issue.path.join('.')),
    );
  }
  return parsed.data;
}

export const simulatorDriver: HypervisorDriver<SimulatorOptions> = {
  id: SIMULATOR_ID,
  parseOptions: parseSimulatorOptions,
  connect: (options, environment) => new SimulatorHypervisor(options, environment),
};

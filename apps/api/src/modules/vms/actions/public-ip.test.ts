import { and, eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  lanIpOfOtherMachine,
  publicIpMessages,
  type TAssignPublicIpResponse,
} from '@cloud-portal/contract/vms/assign-public-ip';
import type { TActiveVmsPage } from '@cloud-portal/contract/vms/active-vms';
import type { TUserProfileInfoResponse } from '@cloud-portal/contract/accounts/profile';
import {
  createTestAppWithMail,
  MAIN_ORIGIN,
  SECOND_ORIGIN,
} from '../../../../test/support/test-app';
import { post } from '../../../../test/support/accounts';
import {
  postAs,
  signUpCustomer,
  type SignedInCustomer,
} from '../../../../test/support/signed-in-customer';
import { companies } from '../../../db/schema/company';
import { orders } from '../../../db/schema/orders';
import {
  publicAddresses,
  type VM_STATUSES,
  virtualMachines,
} from '../../../db/schema/virtual-machines';
import { blockedMessage } from '../queries/own-vm';

let t: Awaited<ReturnType<typeof createTestAppWithMail>>;
type Customer = SignedInCustomer;
let owner: Customer;
let neighbour: Customer;
let foreigner: Customer;
let nextReference = 0;

type VmSeed = {
  status?: (typeof VM_STATUSES)[number];
  privateAddress?: string | null;
  publicAddress?: string | null;
  isBlocked?: boolean;
};

type Vm = { id: number; privateAddress: string | null };

/** A paid order and the VM it bought, as the provisioning job leaves them. */
async function insertVm(customer: Customer, seed: VmSeed = {}): Promise<Vm> {
  const db = t.database.db;
  const reference = ++nextReference;
  const [order] = await db
    .insert(orders)
    .values({
      reference: `VMO-IP-${customer.id}-${reference}`,
      companyId: customer.companyId,
      customerId: customer.id,
      kind: 1,
      status: 'paid',
      gateway: 'PayFast Payment',
      currency: 'ZAR',
      costMinor: 10_000,
      discountMinor: 0,
      taxMinor: 0,
      totalMinor: 10_000,
      taxBasisPoints: 1500,
      taxBasis: 'beforeDiscount',
      chargeCurrency: 'ZAR',
      chargeTotalMinor: 10_000,
      productName: 'Ubuntu Starter',
      operatingSystem: 'Ubuntu',
      lines: [],
      periodDays: 30,
      expiresAt: new Date(Date.now() + 3_600_000),
    })
    .returning({ id: orders.id });
  const [vm] = await db
    .insert(virtualMachines)
    .values({
      companyId: customer.companyId,
      customerId: customer.id,
      orderId: order!.id,
      name: `vm-ip-${reference}`,
      operatingSystem: 'Ubuntu 24.04',
      serviceType: 'Simulator',
      driver: 'simulator',
      machineUuid: `uuid-ip-${reference}`,
      privateAddress:
        seed.privateAddress === undefined
          ? `10.1.${Math.floor(reference / 200)}.${(reference % 200) + 2}`
          : seed.privateAddress,
      publicAddress: seed.publicAddress ?? null,
      status: seed.status ?? 'running',
      ramGb: 4,
      vcpus: 2,
      diskGb: 80,
      periodDays: 30,
      isBlocked: seed.isBlocked ?? false,
      startsAt: new Date(),
      endsAt: new Date(Date.now() + 30 * 86_400_000),
    })
    .returning({ id: virtualMachines.id, privateAddress: virtualMachines.privateAddress });
  return vm!;
}

const URL = '/api/allowIP/assignPublicIP';

const requestFor = (vm: Vm, overrides: Record<string, unknown> = {}) => ({
  lanIP: vm.privateAddress ?? '192.168.10.20',
  hostName: 'web-01',
  tcpPort: [22, 443],
  udpPort: [51820],
  productID: vm.id,
  ...overrides,
});

const assign = (customer: Customer, body: object, origin = customer.origin) =>
  postAs(t.app, customer, URL, body, origin);

const assigned = async (customer: Customer, body: object) => {
  const response = await assign(customer, body);
  expect(response.statusCode, response.body).toBe(200);
  expect(response.json()).toMatchObject({ status: 200, message: 'Successfull' });
  return response.json().data as TAssignPublicIpResponse;
};

const poolRowOf = async (vmId: number) =>
  (await t.database.db.select().from(publicAddresses).where(eq(publicAddresses.vmId, vmId)))[0];

const publicAddressOf = async (vmId: number) =>
  (
    await t.database.db
      .select({ address: virtualMachines.publicAddress })
      .from(virtualMachines)
      .where(eq(virtualMachines.id, vmId))
  )[0]!.address;

const setNetworkScript = (companyId: number, isRunning: boolean) =>
  t.database.db
    .update(companies)
    .set({ networkScriptRunning: isRunning })
    .where(eq(companies.id, companyId));

/** Empties a company's pool and gives it `addresses` instead (the VMs holding old ones lose them). */
async function replacePool(companyId: number, addresses: string[]) {
  const db = t.database.db;
  await db
    .update(virtualMachines)
    .set({ publicAddress: null })
    .where(eq(virtualMachines.companyId, companyId));
  await db.delete(publicAddresses).where(eq(publicAddresses.companyId, companyId));
  if (addresses.length)
    await db.insert(publicAddresses).values(addresses.map((address) => ({ companyId, address })));
}

beforeAll(async () => {
  // A pool of PostgreSQL connections large enough for the bursts below to really overlap.
  t = await createTestAppWithMail({}, { maxConnections: 12 });
  owner = await signUpCustomer(t, MAIN_ORIGIN);
  neighbour = await signUpCustomer(t, MAIN_ORIGIN);
  foreigner = await signUpCustomer(t, SECOND_ORIGIN);
  expect(foreigner.companyId).not.toBe(owner.companyId);
});
afterAll(() => t.close());

describe('assignPublicIP', () => {
  it('is documented in OpenAPI with its payload', async () => {
    const spec = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const call = spec.paths['/api/allowIP/assignPublicIP']?.post;
    expect(call).toBeDefined();
    const body = call.requestBody.content['application/json'].schema;
    expect(Object.keys(body.properties).sort()).toEqual([
      'hostName',
      'lanIP',
      'productID',
      'tcpPort',
      'udpPort',
    ]);
    expect(
      call.responses['200'].content['application/json'].schema.properties.data.required,
    ).toEqual(expect.arrayContaining(['ciscoMerakiIP', 'productID']));
  });

  it('needs a signed-in customer of this site and the CSRF token', async () => {
    const vm = await insertVm(owner);
    const anonymous = await post(t.app, URL, requestFor(vm));
    expect(anonymous.statusCode).toBe(401);
    const withoutCsrf = await post(t.app, URL, requestFor(vm), { cookies: owner.cookies });
    expect(withoutCsrf.statusCode).toBe(403);
    const crossSite = await assign(foreigner, requestFor(vm), MAIN_ORIGIN);
    expect(crossSite.statusCode).toBe(403);
    expect(await poolRowOf(vm.id)).toBeUndefined();
  });

  it('gives a VM a free address from its company pool with the forwarding asked for', async () => {
    const vm = await insertVm(owner);
    const before = new Date();
    const data = await assigned(owner, requestFor(vm));
    expect(data).toEqual({
      productID: vm.id,
      ciscoMerakiIP: expect.stringMatching(/^203\.0\.113\.\d+$/),
      lanIP: vm.privateAddress,
      hostName: 'web-01',
      tcpPort: [22, 443],
      udpPort: [51820],
      isNewAddress: true,
    });
    const row = await poolRowOf(vm.id);
    expect(row).toMatchObject({
      companyId: owner.companyId,
      address: data.ciscoMerakiIP,
      lanAddress: vm.privateAddress,
      hostName: 'web-01',
      tcpPorts: [22, 443],
      udpPorts: [51820],
    });
    expect(row!.assignedAt!.getTime()).toBeGreaterThanOrEqual(before.getTime() - 5_000);
    expect(await publicAddressOf(vm.id)).toBe(data.ciscoMerakiIP);

    // The Products tab shows it from now on.
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/vmAction/activeVMs',
      headers: { origin: MAIN_ORIGIN },
      cookies: owner.cookies,
    });
    const listed = (list.json().data as TActiveVmsPage).rows.find((row) => row.ID === vm.id);
    expect(listed?.ciscoMerakiIP).toBe(data.ciscoMerakiIP);
  });

  it('keeps the address of a VM that has one and changes only its forwarding', async () => {
    const vm = await insertVm(owner);
    const first = await assigned(owner, requestFor(vm));
    const second = await assigned(
      owner,
      requestFor(vm, { hostName: 'db.internal', tcpPort: ['5432'], udpPort: undefined }),
    );
    expect(second).toMatchObject({
      ciscoMerakiIP: first.ciscoMerakiIP,
      hostName: 'db.internal',
      tcpPort: [5432],
      udpPort: [],
      isNewAddress: false,
    });
    expect(await poolRowOf(vm.id)).toMatchObject({
      address: first.ciscoMerakiIP,
      hostName: 'db.internal',
      tcpPorts: [5432],
      udpPorts: [],
    });
    const held = await t.database.db
      .select()
      .from(publicAddresses)
      .where(eq(publicAddresses.vmId, vm.id));
    expect(held).toHaveLength(1);

    // A typed text entry is read by the form's rule: spaces separate ports, never merge them.
    const typed = await assigned(
      owner,
      requestFor(vm, { tcpPort: ['22 80, 443'], udpPort: ['53'] }),
    );
    expect(typed).toMatchObject({ tcpPort: [22, 80, 443], udpPort: [53] });
    expect(await poolRowOf(vm.id)).toMatchObject({ tcpPorts: [22, 80, 443], udpPorts: [53] });
  });

  it('gives a new address to a VM whose address left the pool', async () => {
    const vm = await insertVm(owner, { publicAddress: '192.0.2.99' });
    const data = await assigned(owner, requestFor(vm));
    expect(data.isNewAddress).toBe(true);
    expect(data.ciscoMerakiIP).toMatch(/^203\.0\.113\./);
    expect(await publicAddressOf(vm.id)).toBe(data.ciscoMerakiIP);
  });

  it('takes addresses from the pool of the VM’s own company', async () => {
    const vm = await insertVm(foreigner);
    const data = await assigned(foreigner, requestFor(vm));
    expect(data.ciscoMerakiIP).toMatch(/^198\.51\.100\.\d+$/);
  });

  it('answers the spec messages for bad fields, first field first, and takes nothing', async () => {
    const vm = await insertVm(owner);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ lanIP: '' }, 'lanIP', 'LAN IP Address required'],
      [{ lanIP: undefined }, 'lanIP', 'LAN IP Address required'],
      [{ lanIP: '10.1.1' }, 'lanIP', 'Enter Valid LAN IP Address'],
      [{ lanIP: '8.8.8.8' }, 'lanIP', 'Enter Valid LAN IP Address'],
      [{ lanIP: '10.0.0.1:22' }, 'lanIP', 'Enter Valid LAN IP Address'],
      [{ hostName: '' }, 'hostName', 'Host Name required'],
      [{ hostName: 'web_01' }, 'hostName', publicIpMessages.hostNameInvalid],
      [{ hostName: 'a'.repeat(254) }, 'hostName', publicIpMessages.hostNameTooLong],
      [{ tcpPort: [] }, 'tcpPort', 'TCP Ports required'],
      [{ tcpPort: undefined }, 'tcpPort', 'TCP Ports required'],
      [{ tcpPort: [0] }, 'tcpPort', publicIpMessages.tcpPortsInvalid],
      [{ tcpPort: [65_536] }, 'tcpPort', publicIpMessages.tcpPortsInvalid],
      [{ tcpPort: ['22a'] }, 'tcpPort', publicIpMessages.tcpPortsInvalid],
      [{ tcpPort: [80, 80] }, 'tcpPort', publicIpMessages.tcpPortsRepeated],
      [
        { tcpPort: Array.from({ length: 21 }, (_, index) => 8000 + index) },
        'tcpPort',
        publicIpMessages.tcpPortsTooMany,
      ],
      [{ udpPort: [53, 53] }, 'udpPort', publicIpMessages.udpPortsRepeated],
      [{ udpPort: [-1] }, 'udpPort', publicIpMessages.udpPortsInvalid],
      [{ tcpPort: ['22,,80'] }, 'tcpPort', publicIpMessages.tcpPortsEmptyEntry],
      [{ tcpPort: ['22,'] }, 'tcpPort', publicIpMessages.tcpPortsEmptyEntry],
      [{ tcpPort: ['22', ''] }, 'tcpPort', publicIpMessages.tcpPortsEmptyEntry],
      [{ udpPort: ['53, ,51820'] }, 'udpPort', publicIpMessages.udpPortsEmptyEntry],
      [{ tcpPort: ['22;80'] }, 'tcpPort', publicIpMessages.tcpPortsInvalid],
    ];
    for (const [overrides, field, message] of cases) {
      const response = await assign(owner, requestFor(vm, overrides));
      expect(response.statusCode, JSON.stringify(overrides)).toBe(400);
      expect(response.json().message).toBe(message);
      expect(response.json().data.errors).toEqual([{ field, message }]);
    }

    const everything = await assign(owner, { productID: vm.id });
    expect(everything.statusCode).toBe(400);
    expect(everything.json().message).toBe('LAN IP Address required');
    expect(everything.json().data.errors.map((error: { field: string }) => error.field)).toEqual([
      'lanIP',
      'hostName',
      'tcpPort',
    ]);
    expect(await poolRowOf(vm.id)).toBeUndefined();
    expect(await publicAddressOf(vm.id)).toBeNull();
  });

  it("refuses to forward to an address that is not the VM's own", async () => {
    const vm = await insertVm(owner);
    const response = await assign(owner, requestFor(vm, { lanIP: '10.200.0.9' }));
    expect(response.statusCode).toBe(400);
    const message = lanIpOfOtherMachine(vm.privateAddress!);
    expect(response.json()).toMatchObject({
      message,
      data: { errors: [{ field: 'lanIP', message }] },
    });
    expect(await poolRowOf(vm.id)).toBeUndefined();

    // A machine whose private address the portal does not know takes any private LAN address.
    const unknown = await insertVm(owner, { privateAddress: null });
    const data = await assigned(owner, requestFor(unknown, { lanIP: '172.16.4.10' }));
    expect(data.lanIP).toBe('172.16.4.10');
  });

  it("answers 404 for another customer's, another company's, a deleted or no VM", async () => {
    const neighbours = await insertVm(neighbour);
    const foreign = await insertVm(foreigner);
    const deleted = await insertVm(owner, { status: 'deleted' });
    for (const vm of [neighbours, foreign, deleted, { id: 2_000_000_000, privateAddress: null }]) {
      const response = await assign(owner, requestFor(vm));
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ status: 404, message: 'Virtual machine not found.' });
      expect(await poolRowOf(vm.id)).toBeUndefined();
    }
  });

  it('refuses a blocked VM with the spec tooltip, even one that has an address', async () => {
    const vm = await insertVm(owner, { isBlocked: true });
    const response = await assign(owner, requestFor(vm));
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe(blockedMessage('use'));
    expect(response.json().message).toBe(
      'This VM is blocked by admin, so you are not able to use the VM.',
    );
    expect(await poolRowOf(vm.id)).toBeUndefined();

    const withAddress = await insertVm(owner);
    const data = await assigned(owner, requestFor(withAddress));
    await t.database.db
      .update(virtualMachines)
      .set({ isBlocked: true })
      .where(eq(virtualMachines.id, withAddress.id));
    const blocked = await assign(owner, requestFor(withAddress, { tcpPort: [8080] }));
    expect(blocked.statusCode).toBe(403);
    expect(await poolRowOf(withAddress.id)).toMatchObject({
      address: data.ciscoMerakiIP,
      tcpPorts: [22, 443],
    });
  });

  it('refuses a VM that is not running or shut off', async () => {
    for (const status of ['provisioning', 'failed', 'expired', 'archived'] as const) {
      const vm = await insertVm(owner, { status });
      const response = await assign(owner, requestFor(vm));
      expect(response.statusCode, status).toBe(409);
      expect(response.json().message).toBe(publicIpMessages.vmNotReady);
      expect(await poolRowOf(vm.id)).toBeUndefined();
    }
    const shutOff = await insertVm(owner, { status: 'shutoff' });
    expect((await assigned(owner, requestFor(shutOff))).isNewAddress).toBe(true);
  });

  it('shows the maintenance message while the network script runs, for a VM without an address only', async () => {
    const profileFlag = async () => {
      const response = await t.app.inject({
        method: 'GET',
        url: '/api/profileSetting/userProfileInfo',
        headers: { origin: MAIN_ORIGIN },
        cookies: owner.cookies,
      });
      return (response.json().data as TUserProfileInfoResponse).meraki;
    };
    const withAddress = await insertVm(owner);
    const address = (await assigned(owner, requestFor(withAddress))).ciscoMerakiIP;
    const without = await insertVm(owner);
    expect(await profileFlag()).toEqual({ runMerakiScript: 0 });

    await setNetworkScript(owner.companyId, true);
    try {
      expect(await profileFlag()).toEqual({ runMerakiScript: 1 });
      const refused = await assign(owner, requestFor(without));
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({
        status: 409,
        message: 'In maintanance mode. please try again later.',
      });
      expect(await poolRowOf(without.id)).toBeUndefined();

      const updated = await assigned(owner, requestFor(withAddress, { tcpPort: [8443] }));
      expect(updated).toMatchObject({ ciscoMerakiIP: address, isNewAddress: false });

      // Only this company is in maintenance.
      const foreign = await insertVm(foreigner);
      expect((await assigned(foreigner, requestFor(foreign))).isNewAddress).toBe(true);
    } finally {
      await setNetworkScript(owner.companyId, false);
    }
    expect(await profileFlag()).toEqual({ runMerakiScript: 0 });
    expect((await assigned(owner, requestFor(without))).isNewAddress).toBe(true);
  });

  it('answers 409 with a clear message when the pool has no free address', async () => {
    await replacePool(owner.companyId, ['203.0.113.200']);
    const first = await insertVm(owner);
    const second = await insertVm(owner);
    await assigned(owner, requestFor(first));
    const response = await assign(owner, requestFor(second));
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(publicIpMessages.poolEmpty);
    expect(await publicAddressOf(second.id)).toBeNull();
  });
});

describe('assignPublicIP under concurrency', () => {
  it('gives ten VMs racing for a pool of five exactly five different addresses', async () => {
    const pool = [
      '203.0.113.101',
      '203.0.113.102',
      '203.0.113.103',
      '203.0.113.104',
      '203.0.113.105',
    ];
    await replacePool(owner.companyId, pool);
    const vms = await Promise.all(Array.from({ length: 10 }, () => insertVm(owner)));
    const responses = await Promise.all(vms.map((vm) => assign(owner, requestFor(vm))));

    const codes = responses.map((response) => response.statusCode).sort();
    expect(codes).toEqual([200, 200, 200, 200, 200, 409, 409, 409, 409, 409]);
    for (const response of responses.filter((response) => response.statusCode === 409))
      expect(response.json().message).toBe(publicIpMessages.poolEmpty);
    const given = responses
      .filter((response) => response.statusCode === 200)
      .map((response) => (response.json().data as TAssignPublicIpResponse).ciscoMerakiIP);
    expect([...given].sort()).toEqual(pool);

    const rows = await t.database.db
      .select({ address: publicAddresses.address, vmId: publicAddresses.vmId })
      .from(publicAddresses)
      .where(and(eq(publicAddresses.companyId, owner.companyId), isNotNull(publicAddresses.vmId)));
    expect(rows).toHaveLength(5);
    expect(new Set(rows.map((row) => row.vmId)).size).toBe(5);
    for (const row of rows) expect(await publicAddressOf(row.vmId!)).toBe(row.address);
    const holders = await t.database.db
      .select({ id: virtualMachines.id })
      .from(virtualMachines)
      .where(
        and(
          eq(virtualMachines.companyId, owner.companyId),
          isNotNull(virtualMachines.publicAddress),
        ),
      );
    expect(holders).toHaveLength(5);
  });

  it('gives one VM assigning several times at once one address', async () => {
    await replacePool(owner.companyId, ['203.0.113.121', '203.0.113.122', '203.0.113.123']);
    const vm = await insertVm(owner);
    const responses = await Promise.all(
      Array.from({ length: 4 }, (_, index) =>
        assign(owner, requestFor(vm, { tcpPort: [2200 + index] })),
      ),
    );
    expect(responses.map((response) => response.statusCode)).toEqual([200, 200, 200, 200]);
    const answers = responses.map((response) => response.json().data as TAssignPublicIpResponse);
    expect(new Set(answers.map((answer) => answer.ciscoMerakiIP)).size).toBe(1);
    expect(answers.filter((answer) => answer.isNewAddress)).toHaveLength(1);

    const held = await t.database.db
      .select()
      .from(publicAddresses)
      .where(eq(publicAddresses.vmId, vm.id));
    expect(held).toHaveLength(1);
    expect(held[0]!.address).toBe(answers[0]!.ciscoMerakiIP);
    expect(await publicAddressOf(vm.id)).toBe(held[0]!.address);
    const free = await t.database.db
      .select()
      .from(publicAddresses)
      .where(and(eq(publicAddresses.companyId, owner.companyId)));
    expect(free.filter((row) => row.vmId === null)).toHaveLength(2);
  });
});

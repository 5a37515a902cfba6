import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TUserProfileInfoResponse } from '@cloud-portal/contract/accounts/profile';
import { ACTIVE_VMS_PAGE_SIZE } from '@cloud-portal/contract/vms/active-vms';
import { ARCHIVED_VMS_PAGE_SIZE } from '@cloud-portal/contract/vms/archived-vms';
import { VM_BACKUPS_PAGE_SIZE } from '@cloud-portal/contract/vms/backups';
import { RENEWAL_VMS_PAGE_SIZE } from '@cloud-portal/contract/vms/renewals';
import { createTestAppWithMail, MAIN_ORIGIN, SECOND_ORIGIN } from '../../../test/support/test-app';
import { post, signUpAndLogIn } from '../../../test/support/accounts';
import { multipartBody } from '../../../test/support/multipart';
import { notify } from '../../../test/support/notifications';
import type { virtualMachines } from '../../db/schema/virtual-machines';
import {
  companyIdOf,
  insertBackup,
  insertVm,
  type VmSeed,
} from '../../../test/support/lifecycle-fixtures';

let t: Awaited<ReturnType<typeof createTestAppWithMail>>;
beforeAll(async () => {
  t = await createTestAppWithMail();
});
afterAll(() => t.close());

const get = (url: string, cookies: Record<string, string>, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers: { origin: MAIN_ORIGIN, ...headers }, cookies });

describe('registerUserOpenNebula (vm-lifecycle.md §7)', () => {
  it('answers 422 with the reason in the envelope: no Open Nebula cloud is connected', async () => {
    const user = await signUpAndLogIn(t.app, t.smtp);
    const call = (payload: object, cookies = user.cookies) =>
      post(t.app, '/api/profileSetting/registerUserOpenNebula', payload, {
        cookies,
        headers: user.csrf,
      });
    const answer = await call({ ID: 1 });
    expect(answer.statusCode).toBe(422);
    expect(answer.json()).toEqual({
      status: 422,
      message:
        'This portal has no Open Nebula cloud to register you with. Each VM’s access details are under View.',
      data: null,
    });
    expect((await call({})).statusCode).toBe(400);
    expect((await call({ ID: 1 }, {})).statusCode).toBe(401);
  });
});

describe('the profile', () => {
  it("answers the customer's details with the country's mobile lengths", async () => {
    const user = await signUpAndLogIn(t.app, t.smtp);
    const info = (await get('/api/profileSetting/userProfileInfo', user.cookies)).json().data;
    expect(info.userDetails).toMatchObject({
      firstName: 'Thandi',
      emailID: user.email,
      countryCode: '+27',
      contactNo: '825550199',
      mobileNoMinLength: 9,
      mobileNoMaxLength: 9,
      postalCode: '8001',
      region: 'South Africa',
      imagePath: null,
      websiteUrl: 'http://localhost:3000',
    });
    expect(info.country.length).toBeGreaterThan(5);
  });

  it('updates personal information and billing address, collapsing spaces, never the email', async () => {
    const user = await signUpAndLogIn(t.app, t.smtp);
    const update = {
      firstName: 'Thandi  Grace',
      lastName: 'Nkosi-Mokoena'.replace('-', ' '),
      emailID: 'attacker@example.com',
      countryCode: '+254',
      contactNo: '712345678',
      companyName: '',
      vatNumber: '',
      address: '4  Riverside  Drive',
      region: 'Kenya',
      city: 'Nairobi',
      state: 'Nairobi',
      postCode: '00100',
    };
    const response = await post(t.app, '/api/profileSetting/updateUserProfile', update, {
      cookies: user.cookies,
      headers: user.csrf,
    });
    expect(response.json()).toEqual({
      status: 200,
      message: 'Information updated successfully',
      data: null,
    });
    const info = (await get('/api/profileSetting/userProfileInfo', user.cookies)).json().data
      .userDetails;
    expect(info).toMatchObject({
      firstName: 'Thandi Grace',
      address: '4 Riverside Drive',
      countryCode: '+254',
      emailID: user.email,
    });

    const badMobile = await post(
      t.app,
      '/api/profileSetting/updateUserProfile',
      { ...update, contactNo: '7123' },
      { cookies: user.cookies, headers: user.csrf },
    );
    expect(badMobile.json().data.errors).toContainEqual({
      field: 'contactNo',
      message: 'Enter valid number',
    });
  });

  it('stores an uploaded image re-encoded, refuses a disguised file, and removes it', async () => {
    const user = await signUpAndLogIn(t.app, t.smtp);
    const png = await sharp({
      create: { width: 900, height: 600, channels: 3, background: '#12b886' },
    })
      .png()
      .toBuffer();
    const upload = (content: Buffer, filename = 'me.png') => {
      const body = multipartBody({}, [
        { field: 'image', filename, contentType: 'image/png', content },
      ]);
      return t.app.inject({
        method: 'POST',
        url: '/api/profileSetting/updateProfileImage',
        headers: { origin: MAIN_ORIGIN, ...user.csrf, ...body.headers },
        cookies: user.cookies,
        payload: body.payload,
      });
    };
    const saved = await upload(png);
    expect(saved.json().message).toBe('Image uploaded successfully');
    const imagePath = saved.json().data.imagePath as string;
    expect(imagePath).toMatch(/^\/uploads\/demo\/profiles\/\d+-[\w-]+\.webp$/);
    const file = path.join(t.config.dataDir, imagePath);
    expect(await sharp(fs.readFileSync(file)).metadata()).toMatchObject({
      format: 'webp',
      width: 512,
      height: 512,
    });

    const disguised = await upload(Buffer.from('#!/bin/sh\necho pwned\n'), 'me.png');
    expect(disguised.statusCode).toBe(400);
    expect(disguised.json().message).toBe('Choose a PNG, JPEG or WebP image');

    const removed = await get('/api/profileSetting/removeProfileImage', user.cookies, user.csrf);
    expect(removed.json().message).toBe('Image removed successfully');
    expect(fs.existsSync(file)).toBe(false);
    expect(
      (await get('/api/profileSetting/userProfileInfo', user.cookies)).json().data.userDetails
        .imagePath,
    ).toBeNull();
  });
});

describe('the profile\'s machine tabs (vm-lifecycle.md §3 "Profile details")', () => {
  const DAY_MS = 86_400_000;
  const daysFromNow = (days: number) => new Date(Date.now() + days * DAY_MS);
  type Customer = Awaited<ReturnType<typeof signUpAndLogIn>> & {
    companyId: number;
    origin: string;
  };
  type Vm = typeof virtualMachines.$inferSelect;

  const logInAt = async (origin: string): Promise<Customer> => {
    const customer = await signUpAndLogIn(t.app, t.smtp, {}, origin);
    return { ...customer, companyId: await companyIdOf(t.database.db, origin), origin };
  };
  const getAs = (customer: Customer, url: string) =>
    t.app.inject({
      method: 'GET',
      url,
      headers: { origin: customer.origin },
      cookies: customer.cookies,
    });
  const profileOf = async (customer: Customer) => {
    const response = await getAs(customer, '/api/profileSetting/userProfileInfo');
    expect(response.statusCode).toBe(200);
    return response.json().data as TUserProfileInfoResponse;
  };
  const vmOf = (customer: Customer, seed: Omit<VmSeed, 'companyId' | 'customerId'>) =>
    insertVm(t.database.db, {
      companyId: customer.companyId,
      customerId: customer.id,
      machineUuid: randomBytes(16).toString('hex'),
      ...seed,
    });
  /** A ready clone or snapshot of the machine, as its paid order's job leaves it. */
  const backupOf = (vm: Vm, kind: 'clone' | 'snapshot') =>
    insertBackup(t.database.db, vm, {
      kind,
      durationCount: 2,
      durationType: 'Weekly',
      expiresAt: daysFromNow(14),
    });
  /** One of each kind: in its period, due for renewal, archived, and a clone and a snapshot. */
  const machinesOf = async (customer: Customer) => {
    const running = await vmOf(customer, { endsAt: daysFromNow(60), aliasName: 'web' });
    const due = await vmOf(customer, { endsAt: daysFromNow(5) });
    const archived = await vmOf(customer, {
      endsAt: daysFromNow(-10),
      status: 'archived',
      expiredAt: daysFromNow(-10),
      archivedAt: daysFromNow(-3),
    });
    const clone = await backupOf(running, 'clone');
    const snapshot = await backupOf(archived, 'snapshot');
    return { running, due, archived, clone, snapshot };
  };

  it('carries the first page of Products, Renewals, backups and Archived as the spec’s lists, each with its paging beside it', async () => {
    const owner = await logInAt(MAIN_ORIGIN);
    const mine = await machinesOf(owner);
    const info = await profileOf(owner);

    // vm-lifecycle.md §3 "Profile details": the spec's lists are lists.
    for (const list of [
      'activeProducts',
      'purchaseHistory',
      'renewVM',
      'cloneVMDetails',
      'archivedVM',
    ]) {
      expect(Array.isArray(info[list as keyof TUserProfileInfoResponse]), list).toBe(true);
    }
    expect(info.activeProducts.map((row) => row.ID)).toEqual([mine.due.id, mine.running.id]);
    expect(info.activeProductsPaging).toEqual({
      total: 2,
      page: 1,
      pageSize: ACTIVE_VMS_PAGE_SIZE,
    });
    expect(info.activeProducts[1]).toMatchObject({
      vmName: mine.running.name,
      aliasName: 'web',
      cpu_Count: 2,
      ram_Count: 4,
      disk_Count: 80,
      createdUUID: mine.running.machineUuid,
      status: 'running',
    });

    // Every renewable machine, soonest end first: the archived one, the due one, the running one.
    expect(info.renewVM.map((row) => row.ID)).toEqual([
      mine.archived.id,
      mine.due.id,
      mine.running.id,
    ]);
    expect(info.renewVMPaging).toEqual({ total: 3, page: 1, pageSize: RENEWAL_VMS_PAGE_SIZE });

    // Every machine's clones and snapshots, newest first.
    expect(info.cloneVMDetails.map((row) => [row.ID, row.cloneParentID])).toEqual([
      [mine.snapshot.id, mine.archived.id],
      [mine.clone.id, mine.running.id],
    ]);
    expect(info.cloneVMDetails[1]).toMatchObject({
      parentVmName: 'web',
      vmName: mine.clone.name,
      isCloneOrSnapshot: 'Clone',
      cloneDuration: 2,
      cloneType: 'Weekly',
      cloneUUID: mine.clone.hypervisorRef,
      isRestoredVM: 0,
    });
    expect(info.cloneVMDetailsPaging).toEqual({
      total: 2,
      page: 1,
      pageSize: VM_BACKUPS_PAGE_SIZE,
    });

    expect(info.archivedVM.map((row) => row.ID)).toEqual([mine.archived.id]);
    expect(info.archivedVMPaging).toEqual({ total: 1, page: 1, pageSize: ARCHIVED_VMS_PAGE_SIZE });

    // The same page the tab's own paged call answers, so it can stand in for it.
    const [activeVMs, renewalVMs, backups, archivedVMs] = await Promise.all(
      [
        '/api/vmAction/activeVMs?page=1',
        '/api/vmAction/renewalVMs?page=1',
        '/api/vmAction/vmBackups?page=1',
        '/api/vmAction/archivedVMs?page=1',
      ].map(async (url) => (await getAs(owner, url)).json().data),
    );
    expect({ rows: info.activeProducts, ...info.activeProductsPaging }).toEqual(activeVMs);
    expect({ rows: info.renewVM, ...info.renewVMPaging }).toEqual(renewalVMs);
    expect({ rows: info.cloneVMDetails, ...info.cloneVMDetailsPaging }).toEqual(backups);
    expect({ rows: info.archivedVM, ...info.archivedVMPaging }).toEqual(archivedVMs);
  });

  it('shows only the first page of a customer with many machines', async () => {
    const owner = await logInAt(MAIN_ORIGIN);
    for (let index = 0; index < ACTIVE_VMS_PAGE_SIZE + 2; index++) {
      await vmOf(owner, { endsAt: daysFromNow(60) });
    }
    const info = await profileOf(owner);
    expect(info.activeProducts).toHaveLength(ACTIVE_VMS_PAGE_SIZE);
    expect(info.activeProductsPaging.total).toBe(ACTIVE_VMS_PAGE_SIZE + 2);
  });

  it("never shows another customer's or another company's machines", async () => {
    const owner = await logInAt(MAIN_ORIGIN);
    const neighbour = await logInAt(MAIN_ORIGIN);
    const foreigner = await logInAt(SECOND_ORIGIN);
    expect(foreigner.companyId).not.toBe(owner.companyId);
    const mine = await machinesOf(owner);
    const neighbours = await machinesOf(neighbour);
    const foreign = await machinesOf(foreigner);

    const idsIn = (info: TUserProfileInfoResponse) => ({
      vms: [...info.activeProducts, ...info.renewVM, ...info.archivedVM].map((row) => row.ID),
      backups: info.cloneVMDetails.map((row) => row.ID),
    });
    const vmIds = (machines: typeof mine) =>
      [machines.running, machines.due, machines.archived].map((vm) => vm.id);
    const backupIds = (machines: typeof mine) => [machines.clone.id, machines.snapshot.id];

    for (const [customer, own, others] of [
      [owner, mine, [neighbours, foreign]],
      [neighbour, neighbours, [mine, foreign]],
      [foreigner, foreign, [mine, neighbours]],
    ] as const) {
      const seen = idsIn(await profileOf(customer));
      expect(new Set(seen.vms)).toEqual(new Set(vmIds(own)));
      expect(new Set(seen.backups)).toEqual(new Set(backupIds(own)));
      for (const other of others) {
        for (const id of vmIds(other)) expect(seen.vms).not.toContain(id);
        for (const id of backupIds(other)) expect(seen.backups).not.toContain(id);
      }
    }

    // A new customer has empty first pages, not missing ones.
    const newcomer = await profileOf(await logInAt(MAIN_ORIGIN));
    for (const [rows, paging] of [
      [newcomer.activeProducts, newcomer.activeProductsPaging],
      [newcomer.renewVM, newcomer.renewVMPaging],
      [newcomer.cloneVMDetails, newcomer.cloneVMDetailsPaging],
      [newcomer.archivedVM, newcomer.archivedVMPaging],
    ] as const) {
      expect(rows).toEqual([]);
      expect(paging).toMatchObject({ total: 0, page: 1 });
    }
  });
});

describe('notifications', () => {
  it('lists newest first with the unread count, and marks read only the customer’s own', async () => {
    const user = await signUpAndLogIn(t.app, t.smtp);
    const other = await signUpAndLogIn(t.app, t.smtp);
    await notify(t.database.db, user.id, 'Your VM web-01 expires in 7 days');
    await notify(t.database.db, user.id, 'Payment received for web-01');
    await notify(t.database.db, other.id, 'Someone else’s news');

    const list = (await get('/api/userNotification', user.cookies)).json().data;
    expect(list.newNotificationCount).toBe(2);
    expect(
      list.notifications.map((item: { notificationDetail: string }) => item.notificationDetail),
    ).toEqual(['Payment received for web-01', 'Your VM web-01 expires in 7 days']);
    const otherId = (await get('/api/userNotification', other.cookies)).json().data.notifications[0]
      .ID;

    const marked = await post(
      t.app,
      '/api/notification/updateUserNotification',
      { notification: [list.notifications[0].ID, otherId] },
      { cookies: user.cookies, headers: user.csrf },
    );
    expect(marked.json().data).toEqual({ updated: 1 });
    expect(
      (await get('/api/userNotification', user.cookies)).json().data.newNotificationCount,
    ).toBe(1);
    expect(
      (await get('/api/userNotification', other.cookies)).json().data.newNotificationCount,
    ).toBe(1);
    const empty = await post(
      t.app,
      '/api/notification/updateUserNotification',
      { notification: [] },
      { cookies: user.cookies, headers: user.csrf },
    );
    expect(empty.statusCode).toBe(400);
  });
});

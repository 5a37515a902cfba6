import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestAppWithMail, MAIN_ORIGIN } from '../../../test/support/test-app';
import { post, signUpAndLogIn } from '../../../test/support/accounts';
import { multipartBody } from '../../../test/support/multipart';
import { notify } from './notifications';

let t: Awaited<ReturnType<typeof createTestAppWithMail>>;
beforeAll(async () => {
  t = await createTestAppWithMail();
});
afterAll(() => t.close());

const get = (url: string, cookies: Record<string, string>, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers: { origin: MAIN_ORIGIN, ...headers }, cookies });

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

import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  apiGet,
  apiGetForMessage,
  apiPost,
  apiPostForMessage,
  apiPostForResult,
  apiRequestWithToken,
  ApiError,
  renewSession,
  setSessionEvents,
} from './api-client';

function answer(httpStatus: number, body: unknown) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify(body), { status: httpStatus })),
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('apiPost', () => {
  it('posts JSON to /api/… with the session cookie and returns data', async () => {
    answer(200, { status: 200, message: 'Success', data: [1, 2] });
    await expect(
      apiPost('home/getCompanyAddress', { websiteUrl: 'http://a.example' }),
    ).resolves.toEqual([1, 2]);
    const [url, init] = vi.mocked(fetch).mock.calls[0] ?? [];
    expect(url).toBe('/api/home/getCompanyAddress');
    expect(init).toMatchObject({ method: 'POST', credentials: 'same-origin' });
    expect(JSON.parse(String(init?.body))).toEqual({ websiteUrl: 'http://a.example' });
  });

  it('names the language the page is shown in, for the mails the server writes', async () => {
    vi.stubGlobal('document', { documentElement: { lang: 'ko' } });
    answer(200, { status: 200, message: 'Success', data: null });
    await apiPost('writeToUs', {});
    const [, init] = vi.mocked(fetch).mock.calls[0] ?? [];
    expect(new Headers(init?.headers).get('accept-language')).toBe('ko');
  });

  it('throws the envelope of a maintenance answer (HTTP 503, status 300)', async () => {
    answer(503, {
      status: 300,
      message: 'The portal is under maintenance',
      data: { companyName: 'N' },
    });
    const error = await apiPost('getCompanyConfiguration', {}).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 300,
      httpStatus: 503,
      message: 'The portal is under maintenance',
      data: { companyName: 'N' },
    });
  });

  it('reports an answer that is not an envelope, and an unreachable server', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('<html>', { status: 502 })),
    );
    await expect(apiPost('x', {})).rejects.toMatchObject({
      status: 502,
      httpStatus: 502,
      message: '',
    });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    const error = await apiPost('x', {}).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ status: 0, httpStatus: 0, isNetworkError: true });
  });
});

describe('apiPostForMessage', () => {
  it("resolves with the server's message", async () => {
    answer(200, { status: 200, message: 'Thank you. Please check your email', data: null });
    await expect(apiPostForMessage('writeToUs', { emailID: 'a@b.example' })).resolves.toBe(
      'Thank you. Please check your email',
    );
  });

  it('sends a form as it is, leaving its content type (and boundary) to the browser', async () => {
    answer(200, { status: 200, message: 'Thank you', data: null });
    const form = new FormData();
    form.set('companyName', 'Acme');
    await expect(apiPostForMessage('membership/sendEnquiry', form)).resolves.toBe('Thank you');
    const [url, init] = vi.mocked(fetch).mock.calls[0] ?? [];
    expect(url).toBe('/api/membership/sendEnquiry');
    expect(init?.body).toBe(form);
    expect(new Headers(init?.headers).has('content-type')).toBe(false);
  });
});

type Call = [url: string, init: RequestInit | undefined];

/** A fetch that answers each call from `route`, recording the calls. */
function serve(route: (url: string, init: RequestInit | undefined) => [number, unknown]) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      calls.push([url, init]);
      const [status, body] = route(url, init);
      return new Response(JSON.stringify(body), {
        status,
        headers: { date: new Date().toUTCString() },
      });
    }),
  );
  return calls;
}

const user = {
  ID: 7,
  firstName: 'Thandi',
  lastName: 'Nkosi',
  emailID: 'thandi@example.co.za',
  imagePath: null,
  sessionExpiresAt: '2030-01-01T12:00:00.000Z',
  accessExpiresAt: '2030-01-01T00:15:00.000Z',
};

const expired = {
  status: 401,
  message: 'Your session has expired. Please log in again.',
  data: { reason: 'access-token-expired' },
};

function withCookies(cookie: string) {
  vi.stubGlobal('document', { cookie, documentElement: { lang: 'en' } });
}

describe('calls of the signed-in customer', () => {
  it('send the CSRF cookie back in X-CSRF-Token; public calls do not', async () => {
    withCookies('theme=dark; cp_csrf=abc%3D123; other=1');
    const calls = serve(() => [200, { status: 200, message: 'OK', data: null }]);
    await apiPost('profileSetting/updateUserProfile', {}, { authenticated: true });
    await apiGetForMessage('profileSetting/removeProfileImage', { authenticated: true });
    await apiPost('login', {});
    expect(new Headers(calls[0]?.[1]?.headers).get('x-csrf-token')).toBe('abc=123');
    expect(new Headers(calls[1]?.[1]?.headers).get('x-csrf-token')).toBe('abc=123');
    expect(new Headers(calls[2]?.[1]?.headers).has('x-csrf-token')).toBe(false);
  });

  it('renew an expired access token once, then send the call again', async () => {
    withCookies('cp_csrf=t');
    const events = { onRenewed: vi.fn(), onEnded: vi.fn() };
    const stop = setSessionEvents(events);
    let profileCalls = 0;
    const calls = serve((url) => {
      if (url === '/api/auth/refresh')
        return [200, { status: 200, message: 'Success', data: user }];
      profileCalls += 1;
      return profileCalls === 1
        ? [401, expired]
        : [200, { status: 200, message: 'Success', data: { firstName: 'Thandi' } }];
    });
    await expect(
      apiGet('profileSetting/userProfileInfo', { authenticated: true }),
    ).resolves.toEqual({ firstName: 'Thandi' });
    expect(calls.map(([url, init]) => `${init?.method} ${url}`)).toEqual([
      'GET /api/profileSetting/userProfileInfo',
      'POST /api/auth/refresh',
      'GET /api/profileSetting/userProfileInfo',
    ]);
    expect(events.onRenewed).toHaveBeenCalledWith(user);
    expect(events.onEnded).not.toHaveBeenCalled();
    stop();
  });

  it('sends a form again as it was after the renewal', async () => {
    withCookies('cp_csrf=t');
    let uploads = 0;
    const calls = serve((url) => {
      if (url === '/api/auth/refresh')
        return [200, { status: 200, message: 'Success', data: user }];
      uploads += 1;
      return uploads === 1
        ? [401, expired]
        : [200, { status: 200, message: 'Image uploaded successfully', data: { imagePath: 'x' } }];
    });
    const form = new FormData();
    form.set('image', new Blob(['png']), 'me.png');
    await expect(
      apiPostForResult('profileSetting/updateProfileImage', form, { authenticated: true }),
    ).resolves.toEqual({ data: { imagePath: 'x' }, message: 'Image uploaded successfully' });
    expect(calls[2]?.[1]?.body).toBe(form);
  });

  it('renew once for several calls that found the token expired together', async () => {
    withCookies('cp_csrf=t');
    const seen = new Set<string>();
    const calls = serve((url) => {
      if (url === '/api/auth/refresh')
        return [200, { status: 200, message: 'Success', data: user }];
      if (!seen.has(url)) {
        seen.add(url);
        return [401, expired];
      }
      return [200, { status: 200, message: 'Success', data: url }];
    });
    const answers = await Promise.all([
      apiGet('userNotification', { authenticated: true }),
      apiGet('profileSetting/userProfileInfo', { authenticated: true }),
    ]);
    expect(answers).toEqual(['/api/userNotification', '/api/profileSetting/userProfileInfo']);
    expect(calls.filter(([url]) => url === '/api/auth/refresh')).toHaveLength(1);
  });

  it('end the session when the renewal is refused, without sending the call again', async () => {
    withCookies('cp_csrf=t');
    const events = { onRenewed: vi.fn(), onEnded: vi.fn() };
    const stop = setSessionEvents(events);
    const calls = serve((url) =>
      url === '/api/auth/refresh'
        ? [
            401,
            { status: 401, message: 'Your session has expired. Please log in again.', data: null },
          ]
        : [401, expired],
    );
    await expect(
      apiPost(
        'notification/updateUserNotification',
        { notification: [1] },
        { authenticated: true },
      ),
    ).rejects.toMatchObject({ httpStatus: 401 });
    expect(calls).toHaveLength(2);
    expect(events.onEnded).toHaveBeenCalledTimes(1);
    expect(events.onRenewed).not.toHaveBeenCalled();
    stop();
  });

  it('end the session at once on a 401 when no session cookie is left', async () => {
    withCookies('');
    const events = { onRenewed: vi.fn(), onEnded: vi.fn() };
    const stop = setSessionEvents(events);
    const calls = serve(() => [
      401,
      { status: 401, message: 'Please log in to continue', data: null },
    ]);
    await expect(apiGet('userNotification', { authenticated: true })).rejects.toMatchObject({
      httpStatus: 401,
    });
    expect(calls).toHaveLength(1);
    expect(events.onEnded).toHaveBeenCalledTimes(1);
    stop();
  });

  it('renew when the access cookie is gone but the session cookie is still there', async () => {
    withCookies('cp_csrf=t');
    let sessionCalls = 0;
    const calls = serve((url) => {
      if (url === '/api/auth/refresh')
        return [200, { status: 200, message: 'Success', data: user }];
      sessionCalls += 1;
      return sessionCalls === 1
        ? [401, { status: 401, message: 'Please log in to continue', data: null }]
        : [200, { status: 200, message: 'Success', data: user }];
    });
    await expect(apiGet('auth/session', { authenticated: true })).resolves.toEqual(user);
    expect(calls.map(([url]) => url)).toEqual([
      '/api/auth/session',
      '/api/auth/refresh',
      '/api/auth/session',
    ]);
  });

  it('leave a login failure alone: public calls never renew', async () => {
    withCookies('cp_csrf=t');
    const events = { onRenewed: vi.fn(), onEnded: vi.fn() };
    const stop = setSessionEvents(events);
    const calls = serve(() => [
      401,
      { status: 401, message: 'Invalid email or password', data: null },
    ]);
    await expect(apiPost('login', {})).rejects.toMatchObject({
      message: 'Invalid email or password',
    });
    expect(calls).toHaveLength(1);
    expect(events.onEnded).not.toHaveBeenCalled();
    stop();
  });
});

describe('renewSession', () => {
  it('reads the session instead when another tab renewed a moment ago', async () => {
    const storage = new Map<string, string>([
      ['cloud-portal.session-renewed-until', new Date(Date.now() + 10 * 60_000).toISOString()],
    ]);
    vi.stubGlobal('window', {
      localStorage: {
        getItem: (key: string) => storage.get(key) ?? null,
        setItem: (key: string, value: string) => storage.set(key, value),
        removeItem: (key: string) => storage.delete(key),
      },
    });
    withCookies('cp_csrf=t');
    const calls = serve(() => [200, { status: 200, message: 'Success', data: user }]);
    await expect(renewSession()).resolves.toEqual(user);
    expect(calls.map(([url, init]) => `${init?.method} ${url}`)).toEqual(['GET /api/auth/session']);
    expect(storage.get('cloud-portal.session-renewed-until')).toBe(user.accessExpiresAt);
  });

  it('renews inside the lock every tab of the site shares', async () => {
    const held: string[] = [];
    vi.stubGlobal('navigator', {
      locks: {
        request: async (name: string, task: () => Promise<unknown>) => {
          held.push(name);
          return task();
        },
      },
    });
    withCookies('cp_csrf=t');
    const calls = serve(() => [200, { status: 200, message: 'Success', data: user }]);
    await expect(renewSession()).resolves.toEqual(user);
    expect(held).toEqual(['cloud-portal.session-renewal']);
    expect(calls.map(([url, init]) => `${init?.method} ${url}`)).toEqual([
      'POST /api/auth/refresh',
    ]);
  });
});

describe('apiRequestWithToken', () => {
  it("sends another session's token in its own header, and never the customer's", async () => {
    vi.stubGlobal('document', { documentElement: { lang: 'en' }, cookie: 'cp_csrf=customer' });
    answer(200, { status: 200, message: 'Role changed', data: { role: 'admin' } });
    await expect(
      apiRequestWithToken(
        'PATCH',
        'operator/staff/4',
        { role: 'admin' },
        {
          csrf: { header: 'x-staff-csrf', token: 'staff-token' },
        },
      ),
    ).resolves.toEqual({ status: 200, message: 'Role changed', data: { role: 'admin' } });
    const [url, init] = vi.mocked(fetch).mock.calls[0] ?? [];
    expect(url).toBe('/api/operator/staff/4');
    expect(init?.method).toBe('PATCH');
    const headers = new Headers(init?.headers);
    expect(headers.get('x-staff-csrf')).toBe('staff-token');
    expect(headers.get('x-csrf-token')).toBeNull();
  });

  it('sends no token header when there is none, and no body on a DELETE', async () => {
    answer(200, { status: 200, message: 'Member removed', data: null });
    await apiRequestWithToken('DELETE', 'operator/staff/4', undefined, {
      csrf: { header: 'x-staff-csrf', token: null },
    });
    const [, init] = vi.mocked(fetch).mock.calls[0] ?? [];
    expect(new Headers(init?.headers).has('x-staff-csrf')).toBe(false);
    expect(init?.body).toBeUndefined();
  });
});

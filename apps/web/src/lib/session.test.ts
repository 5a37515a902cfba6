import { afterEach, describe, expect, it, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { finishSession, getSession, SESSION_QUERY_KEY, startSession } from './session';

const user = {
  ID: 7,
  firstName: 'Thandi',
  lastName: 'Nkosi',
  emailID: 'thandi@example.co.za',
  imagePath: null,
  sessionExpiresAt: '2030-01-01T12:00:00.000Z',
  accessExpiresAt: '2030-01-01T00:15:00.000Z',
};

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('getSession', () => {
  it('asks nothing when there is no session cookie (a visitor)', async () => {
    vi.stubGlobal('document', { cookie: 'theme=dark', documentElement: { lang: 'en' } });
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    await expect(getSession()).resolves.toBeNull();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('is the customer, or null when the server knows no session', async () => {
    vi.stubGlobal('document', { cookie: 'cp_csrf=t', documentElement: { lang: 'en' } });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ status: 200, message: 'OK', data: user }))),
    );
    await expect(getSession()).resolves.toEqual(user);
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(JSON.stringify({ status: 401, message: 'Please log in', data: null }), {
            status: 401,
          }),
      ),
    );
    await expect(getSession()).resolves.toBeNull();
  });
});

describe('finishSession', () => {
  it("forgets the customer and their data, and keeps the company's public data", () => {
    const queryClient = new QueryClient();
    startSession(queryClient, user);
    queryClient.setQueryData(['company', 'configuration'], { companyName: 'N' });
    queryClient.setQueryData(['content', 'news'], []);
    queryClient.setQueryData(['countries'], []);
    queryClient.setQueryData(['accounts', 'profile'], { userDetails: {} });
    queryClient.setQueryData(['vms', 'active'], []);

    finishSession(queryClient);

    expect(queryClient.getQueryData(SESSION_QUERY_KEY)).toBeNull();
    expect(queryClient.getQueryData(['company', 'configuration'])).toEqual({ companyName: 'N' });
    expect(queryClient.getQueryData(['content', 'news'])).toEqual([]);
    expect(queryClient.getQueryData(['countries'])).toEqual([]);
    expect(queryClient.getQueryData(['accounts', 'profile'])).toBeUndefined();
    expect(queryClient.getQueryData(['vms', 'active'])).toBeUndefined();
  });
});

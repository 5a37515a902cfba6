import { afterEach, expect, it, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import type { LoaderFunctionArgs } from 'react-router';
import { SESSION_QUERY_KEY } from '@/lib/session';
import { customerPageLoader, marketplaceLoader } from './route-data';

const customer = { ID: 7, firstName: 'Thandi', accessExpiresAt: '2030-01-01T00:15:00.000Z' };
const envelope = (data: unknown) =>
  new Response(JSON.stringify({ status: 200, message: 'OK', data }));

/** Calls the loader as the router would; it must answer at once, with nothing to wait for. */
const runLoader = (loader: unknown, params: Record<string, string> = {}) =>
  (loader as (args: LoaderFunctionArgs) => unknown)({
    params,
    request: new Request('http://localhost/'),
  } as LoaderFunctionArgs);

/** The paths the page's calls went to, once the prefetches have settled. */
async function calledPaths(fetch: ReturnType<typeof vi.fn>): Promise<string[]> {
  await vi.waitFor(() => expect(fetch.mock.calls.length).toBeGreaterThan(0));
  await new Promise((resolve) => setTimeout(resolve, 10));
  return fetch.mock.calls.map(([url]) => new URL(String(url), 'http://localhost').pathname);
}

const signIn = (cookie: string) => {
  vi.stubGlobal('window', { location: { origin: 'http://localhost:3000' } });
  vi.stubGlobal('document', { cookie, documentElement: { lang: 'en' } });
};

afterEach(() => {
  vi.unstubAllGlobals();
});

it("starts a visitor's marketplace products without prices, and answers at once", async () => {
  signIn('');
  const page = { VMProducts: [], GoldVMData: [], VMProductsTotal: 0, GoldVMDataTotal: 0, page: 1 };
  const fetch = vi.fn(async () => envelope(page));
  vi.stubGlobal('fetch', fetch);
  const queryClient = new QueryClient();

  expect(runLoader(marketplaceLoader(queryClient), { serviceName: ' Cloud ' })).toBeNull();

  expect(await calledPaths(fetch)).toEqual(['/api/marketPlace/getProducts']);
  expect(queryClient.getQueryData(['marketplace', 'products', 'Cloud', false])).toEqual(page);
  // Both sections' cards are made from that one answer.
  await vi.waitFor(() => {
    const sections = queryClient.getQueriesData({
      predicate: (query) =>
        query.state.status === 'success' && query.queryKey.includes('VMProducts'),
    });
    expect(sections).toHaveLength(1);
  });
  expect(fetch).toHaveBeenCalledTimes(1);
});

it("starts a signed-in customer's profile after the session check", async () => {
  signIn('cp_csrf=t');
  const fetch = vi.fn(async (url: string) =>
    envelope(String(url).includes('auth/session') ? customer : { userDetails: {} }),
  );
  vi.stubGlobal('fetch', fetch);
  const queryClient = new QueryClient();

  expect(runLoader(customerPageLoader(queryClient, 'profile'))).toBeNull();

  expect(await calledPaths(fetch)).toEqual([
    '/api/auth/session',
    '/api/profileSetting/userProfileInfo',
  ]);
  expect(queryClient.getQueryData(SESSION_QUERY_KEY)).toEqual(customer);
});

it('asks nothing for a customer page without a session, nor for a malformed product id', async () => {
  const fetch = vi.fn(async () => envelope(null));
  vi.stubGlobal('fetch', fetch);
  signIn('');
  runLoader(customerPageLoader(new QueryClient(), 'productDetails'), { id: '12' });
  signIn('cp_csrf=t');
  runLoader(customerPageLoader(new QueryClient(), 'productDetails'), { id: '12abc' });
  await new Promise((resolve) => setTimeout(resolve, 20));
  expect(fetch).not.toHaveBeenCalled();
  expect(customerPageLoader(new QueryClient(), 'savedItems')).toBeUndefined();
});

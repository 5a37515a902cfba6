import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiPost, ApiError } from './api-client';

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

import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiPost, apiPostForMessage, ApiError } from './api-client';

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

import { describe, expect, it } from 'vitest';
import { TtlCache } from './ttl-cache';

describe('TtlCache', () => {
  it('loads once within the lifetime and again after it', async () => {
    let now = 0;
    let loads = 0;
    const cache = new TtlCache<string, number>(1000, 10, () => now);
    const load = async () => ++loads;
    expect(await cache.get('a', load)).toBe(1);
    expect(await cache.get('a', load)).toBe(1);
    now = 1001;
    expect(await cache.get('a', load)).toBe(2);
  });

  it('shares one load between concurrent misses and forgets failures', async () => {
    let loads = 0;
    const cache = new TtlCache<string, number>(1000);
    const [a, b] = await Promise.all([
      cache.get('k', async () => ++loads),
      cache.get('k', async () => ++loads),
    ]);
    expect([a, b, loads]).toEqual([1, 1, 1]);
    await expect(cache.get('bad', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await cache.get('bad', async () => 7)).toBe(7);
  });

  it('keeps at most maxEntries, dropping the oldest', async () => {
    let loads = 0;
    const cache = new TtlCache<number, number>(1000, 2);
    await cache.get(1, async () => ++loads);
    await cache.get(2, async () => ++loads);
    await cache.get(3, async () => ++loads);
    await cache.get(1, async () => ++loads);
    expect(loads).toBe(4);
  });

  it('does not cache with a zero lifetime', async () => {
    let loads = 0;
    const cache = new TtlCache<string, number>(0);
    await cache.get('a', async () => ++loads);
    await cache.get('a', async () => ++loads);
    expect(loads).toBe(2);
  });
});

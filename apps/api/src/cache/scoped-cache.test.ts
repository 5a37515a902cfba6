import { describe, expect, it, vi } from 'vitest';
import { EVERY_SCOPE, ScopedCache } from './scoped-cache';

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((settle) => (resolve = settle));
  return { promise, resolve };
}

describe('ScopedCache', () => {
  it('loads once and serves the kept answer until its scope is invalidated', async () => {
    const cache = new ScopedCache<string>({ ttlMs: 60_000 });
    const load = vi.fn(async () => 'first');
    expect(await cache.get('k', ['u:1'], load)).toBe('first');
    expect(await cache.get('k', ['u:1'], load)).toBe('first');
    expect(load).toHaveBeenCalledTimes(1);

    cache.invalidate('u:2');
    expect(await cache.get('k', ['u:1'], load)).toBe('first');
    cache.invalidate('u:1');
    load.mockResolvedValueOnce('second');
    expect(await cache.get('k', ['u:1'], load)).toBe('second');
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('drops an entry through any of its scopes, and everything on EVERY_SCOPE', async () => {
    const cache = new ScopedCache<number>({ ttlMs: 60_000 });
    await cache.get('a', ['u:1', 'co:9'], async () => 1);
    await cache.get('b', ['u:2', 'co:9'], async () => 2);
    await cache.get('c', ['u:3', 'co:8'], async () => 3);
    cache.invalidate('co:9');
    expect(cache.size).toBe(1);
    cache.invalidate(EVERY_SCOPE);
    expect(cache.size).toBe(0);
  });

  it('never keeps a load that an invalidation overtook while it ran', async () => {
    const cache = new ScopedCache<string>({ ttlMs: 60_000 });
    const slow = deferred<string>();
    const stale = cache.get('k', ['u:1'], () => slow.promise);
    // A write committed after the load read the database: its signal arrives mid-load.
    cache.invalidate('u:1');
    slow.resolve('read before the write');
    expect(await stale).toBe('read before the write');
    expect(await cache.get('k', ['u:1'], async () => 'read after the write')).toBe(
      'read after the write',
    );
  });

  it('shares one load between concurrent misses', async () => {
    const cache = new ScopedCache<string>({ ttlMs: 60_000 });
    const gate = deferred<string>();
    const load = vi.fn(() => gate.promise);
    const both = Promise.all([cache.get('k', [], load), cache.get('k', [], load)]);
    gate.resolve('one');
    expect(await both).toEqual(['one', 'one']);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('keeps nothing and loads every time while it is not trusted', async () => {
    let isTrusted = false;
    const cache = new ScopedCache<number>({ ttlMs: 60_000, isTrusted: () => isTrusted });
    const load = vi.fn(async () => 7);
    await cache.get('k', ['u:1'], load);
    await cache.get('k', ['u:1'], load);
    expect(load).toHaveBeenCalledTimes(2);
    expect(cache.size).toBe(0);
    isTrusted = true;
    await cache.get('k', ['u:1'], load);
    await cache.get('k', ['u:1'], load);
    expect(load).toHaveBeenCalledTimes(3);
  });

  it('expires entries after ttlMs and forgets failed loads', async () => {
    let now = 0;
    const cache = new ScopedCache<number>({ ttlMs: 1_000, now: () => now });
    const load = vi.fn(async () => now);
    expect(await cache.get('k', ['u:1'], load)).toBe(0);
    now = 999;
    expect(await cache.get('k', ['u:1'], load)).toBe(0);
    now = 1_000;
    expect(await cache.get('k', ['u:1'], load)).toBe(1_000);

    await expect(
      cache.get('bad', ['u:1'], () => Promise.reject(new Error('down'))),
    ).rejects.toThrow('down');
    expect(await cache.get('bad', ['u:1'], async () => 5)).toBe(5);
  });

  it('holds at most maxEntries, dropping the oldest', async () => {
    const cache = new ScopedCache<number>({ ttlMs: 60_000, maxEntries: 2 });
    await cache.get('a', ['u:1'], async () => 1);
    await cache.get('b', ['u:1'], async () => 2);
    await cache.get('c', ['u:1'], async () => 3);
    expect(cache.size).toBe(2);
    const load = vi.fn(async () => 10);
    expect(await cache.get('a', ['u:1'], load)).toBe(10);
    cache.invalidate('u:1');
    expect(cache.size).toBe(0);
  });
});

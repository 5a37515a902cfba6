type Entry<V> = { value: Promise<V>; expiresAt: number; scopes: readonly string[] };

/** Drops every entry, whatever its scopes: a lost signal connection, a start. */
export const EVERY_SCOPE = '*';

type ScopedCacheOptions = {
  ttlMs: number;
  maxEntries?: number;
  /**
   * Whether entries may be served and kept right now. While it answers false (the process cannot
   * hear the database's change signals), every get loads afresh and keeps nothing.
   */
  isTrusted?: () => boolean;
  now?: () => number;
};

/**
 * A read-through cache whose entries belong to scopes (`u:<customer id>`, `co:<company id>`, …):
 * `invalidate(scope)` drops every entry of that scope. A load is kept from the moment it starts, so
 * concurrent misses share it, and an invalidation while it runs drops it too: a write that commits
 * after a load read the database always removes that load's answer (ADR 021).
 */
export class ScopedCache<V> {
  private readonly entries = new Map<string, Entry<V>>();
  private readonly keysByScope = new Map<string, Set<string>>();
  private readonly ttlMs: number;
  private readonly maxEntries: number;
  private readonly isTrusted: () => boolean;
  private readonly now: () => number;

  constructor(options: ScopedCacheOptions) {
    this.ttlMs = options.ttlMs;
    this.maxEntries = options.maxEntries ?? 10_000;
    this.isTrusted = options.isTrusted ?? (() => true);
    this.now = options.now ?? Date.now;
  }

  get size(): number {
    return this.entries.size;
  }

  get(key: string, scopes: readonly string[], load: () => Promise<V>): Promise<V> {
    if (this.ttlMs <= 0 || !this.isTrusted()) return load();
    const entry = this.entries.get(key);
    if (entry && entry.expiresAt > this.now()) return entry.value;
    if (entry) this.remove(key);

    const value = load();
    this.keep(key, { value, expiresAt: this.now() + this.ttlMs, scopes });
    value.catch(() => {
      if (this.entries.get(key)?.value === value) this.remove(key);
    });
    return value;
  }

  invalidate(scope: string): void {
    if (scope === EVERY_SCOPE) {
      this.entries.clear();
      this.keysByScope.clear();
      return;
    }
    const keys = this.keysByScope.get(scope);
    if (!keys) return;
    for (const key of [...keys]) this.remove(key);
  }

  private keep(key: string, entry: Entry<V>): void {
    if (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.remove(oldest);
    }
    this.entries.set(key, entry);
    for (const scope of entry.scopes) {
      let keys = this.keysByScope.get(scope);
      if (!keys) this.keysByScope.set(scope, (keys = new Set()));
      keys.add(key);
    }
  }

  private remove(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    for (const scope of entry.scopes) {
      const keys = this.keysByScope.get(scope);
      keys?.delete(key);
      if (keys?.size === 0) this.keysByScope.delete(scope);
    }
  }
}

type Entry<V> = { value: Promise<V>; expiresAt: number };

/**
 * A small read-through cache for data every page asks for and operators rarely change.
 * Concurrent misses for one key share one load; a failed load is not kept.
 */
export class TtlCache<K, V> {
  private readonly entries = new Map<K, Entry<V>>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 2_000,
    private readonly now: () => number = Date.now,
  ) {}

  get(key: K, load: () => Promise<V>): Promise<V> {
    if (this.ttlMs <= 0) return load();
    const entry = this.entries.get(key);
    if (entry && entry.expiresAt > this.now()) return entry.value;

    const value = load();
    this.set(key, value);
    value.catch(() => {
      if (this.entries.get(key)?.value === value) this.entries.delete(key);
    });
    return value;
  }

  clear(): void {
    this.entries.clear();
  }

  private set(key: K, value: Promise<V>): void {
    this.entries.delete(key);
    if (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(key, { value, expiresAt: this.now() + this.ttlMs });
  }
}

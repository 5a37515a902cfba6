/** A bearer token and when it stops working (with the gateway's margin already taken off). */
export type GatewayToken = { value: string; expiresAt: number };

type Entry = { pending: Promise<GatewayToken>; value?: string };

/**
 * The OAuth-style tokens of gateways that need one (PayPal, PesaPal), kept per process until
 * shortly before they expire. Concurrent callers share one token request; a failed request is not
 * kept; a token the gateway refused is forgotten so the next call asks for a new one.
 */
export class GatewayTokenCache {
  private readonly entries = new Map<string, Entry>();

  async get(key: string, request: () => Promise<GatewayToken>): Promise<string> {
    for (;;) {
      const entry = this.entries.get(key);
      if (!entry) break;
      const token = await entry.pending;
      if (token.expiresAt > Date.now()) return token.value;
      if (this.entries.get(key) === entry) this.entries.delete(key);
    }
    const entry: Entry = { pending: request() };
    this.entries.set(key, entry);
    try {
      const token = await entry.pending;
      entry.value = token.value;
      return token.value;
    } catch (error) {
      if (this.entries.get(key) === entry) this.entries.delete(key);
      throw error;
    }
  }

  /** Drops `value` if it is still the cached token for `key` (a 401 from the gateway). */
  forget(key: string, value: string): void {
    if (this.entries.get(key)?.value === value) this.entries.delete(key);
  }
}

import pg from 'pg';
import type { DatabaseHandle } from '../db/client';
import { describeError } from '../http/safe-log';
import { EVERY_SCOPE } from './scoped-cache';

/** The channel migration 0012's triggers signal on (ADR 021). */
export const CACHE_SIGNAL_CHANNEL = 'portal_cache';
/** PostgreSQL connections that listen: one carries the barriers, the others stand by. */
const LISTENER_CONNECTIONS = 2;
const RECONNECT_FIRST_MS = 100;
/** Named, so PostgreSQL parses it once per connection. */
const BARRIER_QUERY = { name: 'cache_barrier', text: 'select 1' };
/** How the listening connections show in pg_stat_activity. */
export const LISTENER_APPLICATION_NAME = 'cloud-portal cache signals';
const RECONNECT_MAX_MS = 5_000;

export type CacheSignalListener = (scope: string) => void;

/** A change to a company's own rows (or possibly to any): company-wide caches drop their entries. */
export const isCompanyScope = (scope: string) => scope === EVERY_SCOPE || scope.startsWith('co:');

/**
 * The database's change signals as this process hears them: every write to a row some process may
 * hold in a cache names its scope (`s:<session id>`, `u:<customer id>`, `co:<company id>`) at
 * commit. `EVERY_SCOPE` is dispatched when signals may have been missed (a lost connection).
 */
export type CacheSignals = {
  /** Whether every committed change's signal reaches this process, so caches may serve. */
  isListening(): boolean;
  subscribe(listener: CacheSignalListener): () => void;
  /**
   * Resolves true once every change committed before the call has reached this process's caches,
   * or false when that cannot be known (nothing listens): a customer's call waits for it before
   * it trusts a cached session or answer. The embedded database's signals arrive with each
   * commit (true at once); on PostgreSQL it is one round trip on a listening connection, shared
   * by every call that arrived before it was sent.
   */
  catchUp(): Promise<boolean>;
  stop(): Promise<void>;
};

/** Caches without signals: they never serve (tests and tools that build the app on their own). */
export const NO_CACHE_SIGNALS: CacheSignals = {
  isListening: () => false,
  subscribe: () => () => {},
  catchUp: async () => false,
  stop: async () => {},
};

class Dispatcher {
  private readonly listeners = new Set<CacheSignalListener>();

  subscribe(listener: CacheSignalListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  dispatch(scope: string): void {
    for (const listener of this.listeners) listener(scope);
  }
}

export type CacheSignalOptions = {
  log?: (message: string) => void;
  /** The first wait before a lost PostgreSQL connection is reopened (doubling up to 5 s). */
  reconnectFirstMs?: number;
  /** How many PostgreSQL connections listen. */
  connections?: number;
};

export async function startCacheSignals(
  handle: DatabaseHandle,
  {
    log = (message) => console.error(message),
    reconnectFirstMs = RECONNECT_FIRST_MS,
    connections = LISTENER_CONNECTIONS,
  }: CacheSignalOptions = {},
): Promise<CacheSignals> {
  const dispatcher = new Dispatcher();
  const { signalSource } = handle;
  if (signalSource.kind === 'pglite') {
    // PGlite hands a commit's notifications over before the statement's promise settles.
    const unlisten = await signalSource.listen(CACHE_SIGNAL_CHANNEL, (payload) =>
      dispatcher.dispatch(payload),
    );
    return {
      isListening: () => true,
      subscribe: (listener) => dispatcher.subscribe(listener),
      catchUp: async () => true,
      stop: unlisten,
    };
  }
  const listeners = new PostgresListeners(
    signalSource.url,
    dispatcher,
    log,
    reconnectFirstMs,
    connections,
  );
  await listeners.start();
  return {
    isListening: () => listeners.liveCount() > 0,
    subscribe: (listener) => dispatcher.subscribe(listener),
    catchUp: () => listeners.catchUp(),
    stop: () => listeners.stop(),
  };
}

type Listening = { client: pg.Client };

/**
 * Connections outside the pool, each LISTENing on the channel. PostgreSQL sends a connection the
 * notifications committed before a query ahead of that query's answer, so a query on one of them
 * is a barrier: once it answers, every change committed before it was sent has reached the
 * caches. One barrier is in flight at a time; calls that arrive meanwhile share the next one
 * (sent as soon as the current one answers), so under load one round trip serves many calls.
 */
class PostgresListeners {
  private readonly live: (Listening | null)[];
  private inFlight: Promise<boolean> | null = null;
  private queued: Promise<boolean> | null = null;
  private isStopping = false;
  private readonly timers = new Set<NodeJS.Timeout>();

  constructor(
    private readonly url: string,
    private readonly dispatcher: Dispatcher,
    private readonly log: (message: string) => void,
    private readonly reconnectFirstMs: number,
    connections: number,
  ) {
    this.live = Array.from({ length: connections }, () => null);
  }

  async start(): Promise<void> {
    await Promise.all(this.live.map((_, slot) => this.connect(slot)));
  }

  liveCount(): number {
    return this.live.filter(Boolean).length;
  }

  catchUp(): Promise<boolean> {
    if (!this.inFlight) return this.sendBarrier();
    // The one in flight may have been sent before this call arrived: wait for the next.
    this.queued ??= this.inFlight.then(() => {
      this.queued = null;
      return this.sendBarrier();
    });
    return this.queued;
  }

  private sendBarrier(): Promise<boolean> {
    const listening = this.live.find((candidate) => candidate !== null);
    if (!listening) return Promise.resolve(false);
    const sent = listening.client.query(BARRIER_QUERY).then(
      () => true,
      // Its connection just ended: its signals may be lost (and the caches were just emptied).
      () => false,
    );
    this.inFlight = sent;
    void sent.then(() => {
      if (this.inFlight === sent) this.inFlight = null;
    });
    return sent;
  }

  async stop(): Promise<void> {
    this.isStopping = true;
    for (const timer of this.timers) clearTimeout(timer);
    const open = this.live.filter((listening): listening is Listening => listening !== null);
    this.live.fill(null);
    await Promise.all(open.map((listening) => listening.client.end().catch(() => {})));
  }

  private async connect(slot: number): Promise<void> {
    const client = new pg.Client({
      connectionString: this.url,
      application_name: LISTENER_APPLICATION_NAME,
    });
    let isLost = false;
    const lose = (error?: Error) => {
      if (isLost) return;
      isLost = true;
      if (this.live[slot]?.client === client) this.live[slot] = null;
      if (this.isStopping) return;
      // What this connection would have heard may be lost with it.
      this.dispatcher.dispatch(EVERY_SCOPE);
      this.log(
        `Cache signal connection lost${error ? ` (${describeError(error)})` : ''}; reconnecting.`,
      );
      this.reconnect(slot, this.reconnectFirstMs);
    };
    client.on('notification', (message) => {
      if (message.channel === CACHE_SIGNAL_CHANNEL && message.payload)
        this.dispatcher.dispatch(message.payload);
    });
    client.on('error', lose);
    client.on('end', () => lose());
    try {
      await client.connect();
      await client.query(`LISTEN ${CACHE_SIGNAL_CHANNEL}`);
    } catch (error) {
      isLost = true; // the caller retries; the handlers above must not
      await client.end().catch(() => {});
      throw error;
    }
    if (this.isStopping) {
      await client.end();
      return;
    }
    this.live[slot] = { client };
  }

  private reconnect(slot: number, delayMs: number): void {
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      if (this.isStopping) return;
      this.connect(slot).then(
        // Signals between the loss and LISTEN were not heard by this connection.
        () => this.dispatcher.dispatch(EVERY_SCOPE),
        (error: unknown) => {
          this.log(`Cache signal connection failed: ${describeError(error)}`);
          this.reconnect(slot, Math.min(delayMs * 2, RECONNECT_MAX_MS));
        },
      );
    }, delayMs);
    timer.unref();
    this.timers.add(timer);
  }
}

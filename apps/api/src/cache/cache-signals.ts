import type { DatabaseHandle } from '../db/client';
import { PostgresListeners } from '../db/postgres-listeners';
import { EVERY_SCOPE } from './scoped-cache';

/** The channel migration 0012's triggers signal on (ADR 021). */
const CACHE_SIGNAL_CHANNEL = 'portal_cache';
/** PostgreSQL connections that listen: one carries the barriers, the others stand by. */
const LISTENER_CONNECTIONS = 2;
const RECONNECT_FIRST_MS = 100;
/** How the listening connections show in pg_stat_activity. */
export const LISTENER_APPLICATION_NAME = 'cloud-portal cache signals';

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

type CacheSignalOptions = {
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
  const listeners = new PostgresListeners({
    url: signalSource.url,
    channels: { [CACHE_SIGNAL_CHANNEL]: (payload) => dispatcher.dispatch(payload) },
    onMissed: () => dispatcher.dispatch(EVERY_SCOPE),
    applicationName: LISTENER_APPLICATION_NAME,
    logName: 'Cache signal',
    log,
    reconnectFirstMs,
    connections,
  });
  await listeners.start();
  return {
    isListening: () => listeners.liveCount() > 0,
    subscribe: (listener) => dispatcher.subscribe(listener),
    catchUp: () => listeners.catchUp(),
    stop: () => listeners.stop(),
  };
}

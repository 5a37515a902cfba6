import pg from 'pg';
import { describeError } from '../lib/safe-log';

const RECONNECT_MAX_MS = 5_000;
/** Named, so PostgreSQL parses it once per connection. */
const BARRIER_QUERY = { name: 'listener_barrier', text: 'select 1' };

type PostgresListenerOptions = {
  url: string;
  /** What each channel's notifications are handed to; every connection LISTENs on all of them. */
  channels: Record<string, (payload: string) => void>;
  /** Notifications may have been missed: a connection was lost, or is listening again. */
  onMissed: () => void;
  /** How the connections show in pg_stat_activity. */
  applicationName: string;
  /** How their log lines name them ("Cache signal connection lost…"). */
  logName: string;
  log: (message: string) => void;
  /** The first wait before a lost connection is reopened (doubling up to 5 s). */
  reconnectFirstMs: number;
  connections: number;
};

type Listening = { client: pg.Client };

/**
 * Connections outside the pool, each LISTENing on the channels. PostgreSQL sends a connection the
 * notifications committed before a query ahead of that query's answer, so a query on one of them
 * is a barrier: once it answers, every change committed before it was sent has been handed on.
 * One barrier is in flight at a time; calls that arrive meanwhile share the next one (sent as soon
 * as the current one answers), so under load one round trip serves many calls.
 */
export class PostgresListeners {
  private readonly live: (Listening | null)[];
  private inFlight: Promise<boolean> | null = null;
  private queued: Promise<boolean> | null = null;
  private isStopping = false;
  private readonly timers = new Set<NodeJS.Timeout>();

  constructor(private readonly options: PostgresListenerOptions) {
    this.live = Array.from({ length: options.connections }, () => null);
  }

  async start(): Promise<void> {
    await Promise.all(this.live.map((_, slot) => this.connect(slot)));
  }

  liveCount(): number {
    return this.live.filter(Boolean).length;
  }

  /** Resolves true once every notification committed before the call has been handed on. */
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
      // Its connection just ended: its notifications may be lost (and onMissed was just called).
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
    const { url, channels, applicationName, logName, log, reconnectFirstMs } = this.options;
    const client = new pg.Client({ connectionString: url, application_name: applicationName });
    let isLost = false;
    const lose = (error?: Error) => {
      if (isLost) return;
      isLost = true;
      if (this.live[slot]?.client === client) this.live[slot] = null;
      if (this.isStopping) return;
      // What this connection would have heard may be lost with it.
      this.options.onMissed();
      log(`${logName} connection lost${error ? ` (${describeError(error)})` : ''}; reconnecting.`);
      this.reconnect(slot, reconnectFirstMs);
    };
    client.on('notification', (message) => {
      const handle = Object.hasOwn(channels, message.channel) ? channels[message.channel] : null;
      if (handle && message.payload) handle(message.payload);
    });
    client.on('error', lose);
    client.on('end', () => lose());
    try {
      await client.connect();
      for (const channel of Object.keys(channels)) await client.query(`LISTEN ${channel}`);
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
        // Notifications between the loss and LISTEN were not heard by this connection.
        () => this.options.onMissed(),
        (error: unknown) => {
          this.options.log(`${this.options.logName} connection failed: ${describeError(error)}`);
          this.reconnect(slot, Math.min(delayMs * 2, RECONNECT_MAX_MS));
        },
      );
    }, delayMs);
    timer.unref();
    this.timers.add(timer);
  }
}

import type { DestinationStream } from 'pino';

/** What a batch is handed on to: pino's own destination (SonicBoom) in the server. */
export type LogTarget = {
  write(text: string): unknown;
  /** Writes out what the destination holds, without waiting for it (SonicBoom's `flush`). */
  flush(): void;
  flushSync(): void;
};

/** A batch is handed on once it holds this many characters, or at the end of the tick. */
const LOG_BATCH_CHARS = 8_192;

/**
 * The longest a line handed on waits in the destination. The server's SonicBoom gathers a few
 * kilobytes before it writes (fewer system calls under load), which on a quiet server could hold a
 * line until the next burst of traffic; this much after a batch is handed on, it is told to write.
 */
export const LOG_MAX_HOLD_MS = 1_000;

/**
 * Collects pino's lines and hands them to the destination a batch at a time. SonicBoom measures
 * the UTF-8 length of its whole pending buffer on every write (and so flattens the string it has
 * been appending to): with one line a request, that is most of a log line's cost. A batch is
 * joined once and measured once. Nothing waits longer than the tick it was logged in, the
 * destination writes a batch at most LOG_MAX_HOLD_MS later, and `flushSync` (called when the
 * process exits) hands on what is left and writes it out.
 */
export class BatchedLogStream implements DestinationStream {
  private lines: string[] = [];
  private chars = 0;
  private scheduled = false;
  private targetFlush: NodeJS.Timeout | undefined;
  private readonly flushAtTickEnd = () => {
    this.scheduled = false;
    this.handOn();
  };
  private readonly flushTarget = () => {
    this.targetFlush = undefined;
    this.target.flush();
  };

  constructor(
    private readonly target: LogTarget,
    private readonly batchChars = LOG_BATCH_CHARS,
    private readonly maxHoldMs = LOG_MAX_HOLD_MS,
  ) {}

  write(line: string): boolean {
    this.lines.push(line);
    this.chars += line.length;
    if (this.chars >= this.batchChars) this.handOn();
    else if (!this.scheduled) {
      this.scheduled = true;
      setImmediate(this.flushAtTickEnd);
    }
    return true;
  }

  flushSync(): void {
    this.handOn();
    clearTimeout(this.targetFlush);
    this.targetFlush = undefined;
    this.target.flushSync();
  }

  private handOn(): void {
    if (this.lines.length === 0) return;
    const text = this.lines.length === 1 ? this.lines[0]! : this.lines.join('');
    this.lines = [];
    this.chars = 0;
    this.target.write(text);
    this.targetFlush ??= setTimeout(this.flushTarget, this.maxHoldMs).unref();
  }
}

import { setImmediate as nextTick } from 'node:timers/promises';
import pino from 'pino';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BatchedLogStream, LOG_MAX_HOLD_MS, type LogTarget } from './batched-log-stream';

/** A destination that records each write and each flush, synchronous or not. */
function recordingTarget() {
  const writes: string[] = [];
  let flushes = 0;
  let laterFlushes = 0;
  const target: LogTarget = {
    write: (text) => writes.push(text),
    flush: () => void laterFlushes++,
    flushSync: () => void flushes++,
  };
  return { target, writes, flushes: () => flushes, laterFlushes: () => laterFlushes };
}

describe('BatchedLogStream', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('tells the destination to write a handed-on batch at most LOG_MAX_HOLD_MS later', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const recorded = recordingTarget();
    const stream = new BatchedLogStream(recorded.target);
    stream.write('a quiet server\n');
    await nextTick();
    expect(recorded.writes).toEqual(['a quiet server\n']);
    stream.write('and another line\n');
    await nextTick();
    vi.advanceTimersByTime(LOG_MAX_HOLD_MS - 1);
    expect(recorded.laterFlushes()).toBe(0);
    vi.advanceTimersByTime(1);
    expect(recorded.laterFlushes()).toBe(1);
    // Nothing handed on since: nothing to flush.
    vi.advanceTimersByTime(10 * LOG_MAX_HOLD_MS);
    expect(recorded.laterFlushes()).toBe(1);
  });

  it('hands the lines of one tick on as one write, in order, at the end of the tick', async () => {
    const { target, writes } = recordingTarget();
    const stream = new BatchedLogStream(target);
    stream.write('one\n');
    stream.write('two\n');
    stream.write('three\n');
    expect(writes).toEqual([]);
    await nextTick();
    expect(writes).toEqual(['one\ntwo\nthree\n']);

    stream.write('four\n');
    await nextTick();
    expect(writes).toEqual(['one\ntwo\nthree\n', 'four\n']);
  });

  it('hands a batch on as soon as it reaches its size', async () => {
    const { target, writes } = recordingTarget();
    const stream = new BatchedLogStream(target, 10);
    stream.write('12345\n');
    expect(writes).toEqual([]);
    stream.write('67890\n');
    expect(writes).toEqual(['12345\n67890\n']);
    stream.write('tail\n');
    await nextTick();
    expect(writes).toEqual(['12345\n67890\n', 'tail\n']);
  });

  it('writes out what it holds when flushed synchronously, as the process exits', () => {
    const recorded = recordingTarget();
    const stream = new BatchedLogStream(recorded.target);
    stream.write('last words\n');
    stream.flushSync();
    expect(recorded.writes).toEqual(['last words\n']);
    expect(recorded.flushes()).toBe(1);
  });

  it("carries pino's lines whole, multi-byte text included", async () => {
    const { target, writes } = recordingTarget();
    const logger = pino({ base: null, timestamp: false }, new BatchedLogStream(target));
    logger.info({ url: '/api/getCompanyConfiguration' }, 'request');
    logger.info({ name: '클라우드' }, 'company');
    await nextTick();
    expect(writes).toHaveLength(1);
    expect(
      writes[0]!
        .trimEnd()
        .split('\n')
        .map((line) => JSON.parse(line)),
    ).toEqual([
      { level: 30, url: '/api/getCompanyConfiguration', msg: 'request' },
      { level: 30, name: '클라우드', msg: 'company' },
    ]);
  });
});

import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { lockDataDir, processIdentity, readLockHolder } from './data-dir-lock';

const hasProc = fs.existsSync('/proc/self/stat');

let dataDir: string;
let lockFile: string;
beforeEach(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cloud-portal-lock-'));
  lockFile = path.join(dataDir, '.lock');
});
afterEach(() => fs.rmSync(dataDir, { recursive: true, force: true }));

/** Another live process that is not a portal (no node in its command line). */
let other: ChildProcess;
/** Another live node process, standing in for a running portal. */
let otherNode: ChildProcess;
beforeAll(() => {
  other = spawn('sleep', ['60'], { stdio: 'ignore' });
  otherNode = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60_000)'], { stdio: 'ignore' });
});
afterAll(() => {
  other.kill();
  otherNode.kill();
});

const writeLock = (content: object | string) =>
  fs.writeFileSync(lockFile, typeof content === 'string' ? content : JSON.stringify(content));

describe('the embedded database lock', () => {
  it('records this process and releases the lock', () => {
    const release = lockDataDir(dataDir);
    expect(readLockHolder(lockFile)).toEqual({
      pid: process.pid,
      identity: processIdentity(process.pid),
    });
    if (hasProc) expect(processIdentity(process.pid)).toMatch(/^[0-9a-f-]+:\d+$/);
    release();
    expect(fs.existsSync(lockFile)).toBe(false);
  });

  it('refuses while the process that holds it runs', () => {
    writeLock({ pid: otherNode.pid, identity: processIdentity(otherNode.pid!) });
    expect(() => lockDataDir(dataDir)).toThrow(
      `The embedded database in ${dataDir} is in use by process ${otherNode.pid}.`,
    );
    expect(readLockHolder(lockFile)?.pid).toBe(otherNode.pid);
  });

  it.runIf(hasProc)('takes over a lock whose process id now belongs to another process', () => {
    // The portal that wrote this lock ended; its id was given to a process started later.
    const [bootId, startTime] = processIdentity(otherNode.pid!)!.split(':');
    writeLock({ pid: otherNode.pid, identity: `${bootId}:${Number(startTime) - 1}` });
    const release = lockDataDir(dataDir);
    expect(readLockHolder(lockFile)?.pid).toBe(process.pid);
    release();
  });

  it.runIf(hasProc)('takes over a lock of another boot', () => {
    const [, startTime] = processIdentity(otherNode.pid!)!.split(':');
    writeLock({
      pid: otherNode.pid,
      identity: `00000000-0000-0000-0000-000000000000:${startTime}`,
    });
    lockDataDir(dataDir)();
  });

  it('takes over a lock whose process has ended', async () => {
    const ended = spawn('true');
    await new Promise((resolve) => ended.on('exit', resolve));
    writeLock({ pid: ended.pid, identity: null });
    lockDataDir(dataDir)();
  });

  it.runIf(hasProc)(
    'reads a lock of the older format (the id alone): a portal only if it runs node',
    () => {
      writeLock(String(other.pid));
      lockDataDir(dataDir)();
      writeLock(String(otherNode.pid));
      expect(() => lockDataDir(dataDir)).toThrow(/in use by process/);
    },
  );

  it('takes over an unreadable lock', () => {
    writeLock('garbage');
    lockDataDir(dataDir)();
  });

  it('does not remove a lock another process has taken since', () => {
    const release = lockDataDir(dataDir);
    writeLock({ pid: otherNode.pid, identity: processIdentity(otherNode.pid!) });
    release();
    expect(readLockHolder(lockFile)?.pid).toBe(otherNode.pid);
  });
});

import fs from 'node:fs';
import path from 'node:path';

/** Who holds the lock: the process id, and on Linux what tells that process from a later one with the same id. */
type LockHolder = { pid: number; identity: string | null };

/**
 * `boot id:start time` of a process, from /proc (Linux): a process id is reused, but never by a
 * process started at the same clock tick of the same boot. Null where /proc is not available.
 */
export function processIdentity(pid: number): string | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may hold spaces and parentheses: count fields after the last ')'.
    const startTime = stat
      .slice(stat.lastIndexOf(')') + 2)
      .split(' ')
      .at(19);
    const bootId = fs.readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim();
    return startTime ? `${bootId}:${startTime}` : null;
  } catch {
    return null;
  }
}

function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** A lock written before identities were recorded: its process is a portal only if it runs node. */
function runsNode(pid: number): boolean {
  try {
    return /node|tsx/.test(fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8'));
  } catch {
    return true; // no /proc: cannot tell, so assume it is the portal
  }
}

export function readLockHolder(lockFile: string): LockHolder | null {
  let text: string;
  try {
    text = fs.readFileSync(lockFile, 'utf8').trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  if (/^\d+$/.test(text)) return { pid: Number(text), identity: null };
  try {
    const parsed = JSON.parse(text) as Partial<LockHolder>;
    if (Number.isInteger(parsed.pid) && (parsed.pid as number) > 0)
      return { pid: parsed.pid as number, identity: parsed.identity ?? null };
  } catch {
    // unreadable: nobody can be holding it
  }
  return { pid: 0, identity: null };
}

/** Whether the lock's holder is still running: the same process, not a later one with its id. */
function isHolderRunning(holder: LockHolder): boolean {
  if (holder.pid <= 0 || holder.pid === process.pid || !isProcessAlive(holder.pid)) return false;
  if (holder.identity === null) return runsNode(holder.pid);
  const identity = processIdentity(holder.pid);
  return identity === null || identity === holder.identity;
}

/**
 * The embedded database is one process's files: a second process opening them would corrupt them.
 * `.lock` names the holder; a lock left by a process that has ended, or whose id now belongs to
 * another process, is taken over. The file is created exclusively, so two starting portals cannot
 * both take it. Returns the release function.
 */
export function lockDataDir(dataDir: string): () => void {
  fs.mkdirSync(dataDir, { recursive: true });
  const lockFile = path.join(dataDir, '.lock');
  const mine: LockHolder = { pid: process.pid, identity: processIdentity(process.pid) };
  for (let attempt = 0; ; attempt++) {
    try {
      fs.writeFileSync(lockFile, JSON.stringify(mine), { flag: 'wx' });
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST' || attempt >= 2) throw error;
    }
    const holder = readLockHolder(lockFile);
    if (holder && isHolderRunning(holder)) {
      throw new Error(
        `The embedded database in ${dataDir} is in use by process ${holder.pid}. ` +
          'Stop the running portal first, or set DATABASE_URL to use a PostgreSQL server.',
      );
    }
    fs.rmSync(lockFile, { force: true });
  }
  return () => {
    if (readLockHolder(lockFile)?.pid === process.pid) fs.rmSync(lockFile, { force: true });
  };
}

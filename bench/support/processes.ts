// The bench's processes: the portal, the bare route and the load generator each run in a process
// of their own; the bench's own process only orchestrates.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');
/** USER_HZ: Linux reports process CPU time in hundredths of a second. */
const CLOCK_TICKS = 100;

export { freePort } from '../../apps/api/test/support/free-port';

type Readiness = { logFile: string } & (
  | /** Ready once this URL answers 2xx. */ { readyUrl: string }
  | /** Ready once the log holds this. */ { readyPattern: RegExp }
);

/**
 * A TypeScript entry point in a process of its own, its stdout and stderr written to `logFile`
 * (never through a pipe to the bench: the portal's request log costs the bench nothing), resolved
 * once it is ready: `readyUrl` answers 2xx, or the log holds `readyPattern`.
 */
export async function startProcess(
  args: string[],
  env: NodeJS.ProcessEnv,
  readiness: Readiness,
): Promise<ChildProcess> {
  const { logFile } = readiness;
  // BENCH_CPU_PROFILE_DIR=<dir> writes a V8 CPU profile of each process there, to see where time goes.
  const profile = process.env.BENCH_CPU_PROFILE_DIR
    ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROFILE_DIR}`]
    : [];
  fs.mkdirSync(path.dirname(logFile), { recursive: true });
  const log = fs.openSync(logFile, 'a');
  const child = spawn(process.execPath, [...profile, '--import', 'tsx', ...args], {
    cwd: root,
    env,
    stdio: ['ignore', log, log],
  });
  fs.closeSync(log);
  const logText = () => (fs.existsSync(logFile) ? fs.readFileSync(logFile, 'utf8') : '');
  const tail = () => logText().slice(-2000);
  const isReady = async () => {
    if ('readyPattern' in readiness) return readiness.readyPattern.test(logText());
    const answer = await fetch(readiness.readyUrl).catch(() => null);
    await answer?.body?.cancel();
    return answer?.ok ?? false;
  };
  const deadline = Date.now() + 60_000;
  while (child.exitCode === null && child.signalCode === null) {
    if (await isReady()) return child;
    if (Date.now() > deadline) {
      const text = tail();
      await stopProcess(child);
      throw new Error(`${args.join(' ')} was not ready in 60 s:\n${text}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(
    `${args.join(' ')} exited with ${child.exitCode ?? child.signalCode}:\n${tail()}`,
  );
}

export function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

/** CPU seconds a process has used (Linux /proc), or null where that cannot be read. */
export function cpuSecondsOf(pid: number | undefined): number | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // After the command name in parentheses: state, then utime and stime are the 12th and 13th.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const seconds = (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
    return Number.isFinite(seconds) ? seconds : null;
  } catch {
    return null;
  }
}

// The bench's processes: the portal and the bare route each run in a process of their own, so the
// load generator in the bench's process takes no CPU from them.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');
/** USER_HZ: Linux reports process CPU time in hundredths of a second. */
const CLOCK_TICKS = 100;

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** A TypeScript entry point in a process of its own, resolved once it prints `readyPattern`. */
export function startProcess(
  args: string[],
  env: NodeJS.ProcessEnv,
  readyPattern: RegExp,
): Promise<ChildProcess> {
  return new Promise((resolve, reject) => {
    // BENCH_CPU_PROFILE_DIR=<dir> writes a V8 CPU profile of each process there, to see where time goes.
    const profile = process.env.BENCH_CPU_PROFILE_DIR
      ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROFILE_DIR}`]
      : [];
    const child = spawn(process.execPath, [...profile, '--import', 'tsx', ...args], {
      cwd: root,
      env,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const timer = setTimeout(() => {
      child.kill('SIGTERM');
      reject(new Error(`${args.join(' ')} did not start in 60 s`));
    }, 60_000);
    let output = '';
    let isReady = false;
    // Drained for the whole run (request logs, mails printed); kept only until it is ready.
    child.stdout!.on('data', (chunk: Buffer) => {
      if (isReady) return;
      output += chunk.toString();
      if (readyPattern.test(output)) {
        isReady = true;
        clearTimeout(timer);
        resolve(child);
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      if (!isReady) reject(new Error(`${args.join(' ')} exited with ${code}: ${output}`));
    });
  });
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

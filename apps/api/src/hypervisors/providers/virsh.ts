import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { HypervisorRefused, HypervisorUnavailable, type RefusalReason } from '../provider';

/**
 * Runs `virsh -c <uri> …` as a child process: no shell, arguments as an array, a timeout, a small
 * environment (no portal secrets reach virsh or ssh; `LC_ALL=C` so libvirt's messages are the
 * English ones `classifyVirshError` knows). Secrets (a one-time password) never go in the argument
 * list, which other local users can read in /proc: `runVirshScript` writes such commands to virsh's
 * interactive stdin instead.
 */

export type VirshConnection = {
  uri: string;
  virshPath: string;
  timeoutMs: number;
};

/** The argument `runVirsh` replaces with the path of a file holding `VirshRun.file`. */
export const INPUT_FILE = '\u0000input-file';

type VirshRun = {
  /** XML for `define`, `attach-device`: written to a file only we can read (a private temporary
   * directory), passed where `INPUT_FILE` stands in the arguments, removed afterwards. virsh
   * cannot read it from stdin: Node's stdio pipes are sockets, which /dev/stdin cannot open. */
  file?: string;
  /** Overrides the connection's timeout (volume copies take longer). */
  timeoutMs?: number;
};

/** What virsh said when a command failed. Internal only: its text may name domains, volumes or
 * hosts, so it never leaves the driver; `toHypervisorError` turns it into a typed error. */
export class VirshError extends Error {
  constructor(
    readonly stderr: string,
    readonly kind: 'exit' | 'timeout' | 'spawn',
    readonly code: string | number | null,
  ) {
    super('virsh failed');
    this.name = 'VirshError';
  }
}

const MAX_OUTPUT = 4 * 1024 * 1024;

function childEnvironment(): NodeJS.ProcessEnv {
  const keep = ['PATH', 'HOME', 'SSH_AUTH_SOCK', 'XDG_RUNTIME_DIR'] as const;
  const env: NodeJS.ProcessEnv = { LC_ALL: 'C', LANG: 'C' };
  for (const name of keep) {
    if (process.env[name] !== undefined) env[name] = process.env[name];
  }
  return env;
}

function run(
  connection: VirshConnection,
  args: string[],
  input: string | undefined,
  timeoutMs: number,
): Promise<{ stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(connection.virshPath, ['-q', '-c', connection.uri, ...args], {
      env: childEnvironment(),
      stdio: ['pipe', 'pipe', 'pipe'],
      shell: false,
      windowsHide: true,
    });
    let stdout = '';
    let stderr = '';
    let settled = false;
    const finish = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      outcome();
    };
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      finish(() => reject(new VirshError(stderr, 'timeout', null)));
    }, timeoutMs);
    child.stdout.setEncoding('utf8');
    child.stderr.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      if (stdout.length < MAX_OUTPUT) stdout += chunk;
    });
    child.stderr.on('data', (chunk: string) => {
      if (stderr.length < MAX_OUTPUT) stderr += chunk;
    });
    child.on('error', (error: NodeJS.ErrnoException) => {
      finish(() => reject(new VirshError('', 'spawn', error.code ?? null)));
    });
    child.on('close', (code) => {
      finish(() => {
        if (code === 0) resolve({ stdout, stderr });
        else reject(new VirshError(stderr, 'exit', code));
      });
    });
    // A virsh that exits before reading its input closes the pipe: that is not our failure.
    child.stdin.on('error', () => undefined);
    child.stdin.end(input ?? '');
  });
}

/** Runs one virsh command; resolves with its standard output. */
export async function runVirsh(
  connection: VirshConnection,
  args: string[],
  options: VirshRun = {},
): Promise<string> {
  const timeoutMs = options.timeoutMs ?? connection.timeoutMs;
  if (options.file === undefined) return (await run(connection, args, undefined, timeoutMs)).stdout;
  const directory = await mkdtemp(path.join(tmpdir(), 'portal-virsh-'));
  try {
    const file = path.join(directory, 'input.xml');
    await writeFile(file, options.file, { mode: 0o600, flag: 'wx' });
    const withFile = args.map((arg) => (arg === INPUT_FILE ? file : arg));
    return (await run(connection, withFile, undefined, timeoutMs)).stdout;
  } finally {
    await rm(directory, { recursive: true, force: true });
  }
}

/**
 * Runs commands through virsh's interactive shell on stdin, so their arguments (a password) are
 * not on any command line. Interactive virsh exits 0 even when a command fails, so any `error:`
 * line on standard error counts as failure. Every word must be plain (no quoting is done): the
 * caller passes only UUIDs, user names and base64url passwords, checked here.
 */
export async function runVirshScript(
  connection: VirshConnection,
  commands: string[][],
): Promise<void> {
  for (const command of commands) {
    for (const word of command) {
      if (!/^[A-Za-z0-9_.:@-]+$/.test(word)) throw new Error('unsafe word in a virsh script');
    }
  }
  const script = commands.map((command) => command.join(' ')).join('\n') + '\nquit\n';
  const { stderr } = await run(connection, [], script, connection.timeoutMs);
  if (/^error:/m.test(stderr)) throw new VirshError(stderr, 'exit', 1);
}

type Rule = { pattern: RegExp; reason: RefusalReason | 'unavailable'; message: string };

/** libvirt's messages (LC_ALL=C) mapped to our reasons; the first match wins. */
const RULES: Rule[] = [
  {
    pattern:
      /failed to connect to the hypervisor|unable to connect to server|Failed to connect socket|Cannot recv data|End of file while reading data|Connection reset by peer|Broken pipe|no connection driver available|authentication failed|Cannot write data|Connection refused|Host key verification failed|Permission denied \(publickey|Could not resolve hostname|Connection timed out|keepalive timeout/i,
    reason: 'unavailable',
    message: 'the libvirt connection failed',
  },
  {
    pattern:
      /cannot acquire state change lock|another migration job|domain is being (started|stopped)|job .* is active/i,
    reason: 'busy',
    message: 'another operation is running on the machine',
  },
  {
    pattern: /Failed to get (shared )?"?write"? lock|Is another process using the image/i,
    reason: 'not-shut-off',
    message: 'the disk is in use: the machine must be shut off',
  },
  {
    pattern: /failed to get domain|Domain not found|no domain with matching/i,
    reason: 'missing',
    message: 'no such machine',
  },
  {
    pattern: /Storage volume not found|no storage vol with matching|failed to get vol/i,
    reason: 'missing',
    message: 'no such volume',
  },
  {
    pattern:
      /not supported by the connection driver|unsupported flags|Operation not supported|unsupported configuration|is not supported/i,
    reason: 'rejected',
    message: 'the hypervisor does not support this operation',
  },
  {
    pattern:
      /domain is not running|is already active|already running|domain is not persistent|Requested operation is not valid|not running/i,
    reason: 'invalid-state',
    message: 'the machine is not in a state this operation starts from',
  },
  {
    pattern: /cannot set memory higher than max memory|invalid argument|cannot shrink/i,
    reason: 'invalid-request',
    message: 'the hypervisor refused the requested values',
  },
  {
    pattern: /guest agent is not (responding|connected|configured)|QEMU guest agent/i,
    reason: 'rejected',
    message: 'the guest agent did not answer',
  },
];

/** The reason (or unavailability) a virsh failure stands for, without any of its text. */
export function classifyVirshError(error: VirshError): {
  reason: RefusalReason | 'unavailable';
  message: string;
} {
  if (error.kind === 'timeout') {
    return { reason: 'unavailable', message: 'the libvirt command timed out' };
  }
  if (error.kind === 'spawn') {
    return {
      reason: 'unavailable',
      message: error.code === 'ENOENT' ? 'virsh is not installed' : 'virsh could not be started',
    };
  }
  for (const rule of RULES) {
    if (rule.pattern.test(error.stderr)) return { reason: rule.reason, message: rule.message };
  }
  return { reason: 'rejected', message: 'libvirt refused the operation' };
}

/** Turns any failure of a virsh call into `HypervisorRefused` or `HypervisorUnavailable`. */
export function toHypervisorError(error: unknown): Error {
  if (error instanceof HypervisorRefused || error instanceof HypervisorUnavailable) return error;
  if (error instanceof VirshError) {
    const { reason, message } = classifyVirshError(error);
    return reason === 'unavailable'
      ? new HypervisorUnavailable(`libvirt: ${message}`)
      : new HypervisorRefused(reason, `libvirt: ${message}`);
  }
  return new HypervisorUnavailable('libvirt: unexpected failure');
}

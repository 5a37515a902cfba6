import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync } from 'node:fs';
import { promisify } from 'node:util';

/**
 * A real libvirt daemon for the libvirt driver's tests, on libvirt's test driver
 * (`test+unix:///default`): every call goes through libvirtd exactly as it would to a real host.
 * The test driver keeps its domains, pools and volumes only while at least one connection to it is
 * open, so a keep-alive virsh stays connected for the whole test file. Each run works in a
 * transient storage pool of its own (the test driver gives every pool 100 GiB), removed at the end
 * with every domain the run made.
 */

const run = promisify(execFile);

export const LIBVIRT_TEST_URI = 'test+unix:///default';
const SOCKET = '/run/libvirt/libvirt-sock';

/** CI (`.ci/run` sets CI_LIBVIRT=1) must run these tests: a missing libvirt fails them there. */
export const libvirtRequired =
  process.env.CI_LIBVIRT === '1' || process.env.CI === '1' || process.env.CI === 'true';

export type LibvirtAvailability = { available: true } | { available: false; why: string };

async function virsh(args: string[], input?: string): Promise<string> {
  const child = execFile('virsh', ['-q', '-c', LIBVIRT_TEST_URI, ...args], {
    env: { ...process.env, LC_ALL: 'C' },
    timeout: 30_000,
  });
  if (input !== undefined) child.stdin?.end(input);
  else child.stdin?.end();
  return new Promise((resolve, reject) => {
    let stdout = '';
    let stderr = '';
    child.stdout?.on('data', (chunk: Buffer | string) => (stdout += String(chunk)));
    child.stderr?.on('data', (chunk: Buffer | string) => (stderr += String(chunk)));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code === 0) resolve(stdout);
      else reject(new Error(`virsh ${args[0]} failed: ${stderr.trim()}`));
    });
  });
}

async function connects(): Promise<boolean> {
  try {
    await virsh(['uri']);
    return true;
  } catch {
    return false;
  }
}

/** Whether virsh and a libvirtd that answers are here; starts the daemon when we may. */
export async function ensureLibvirtd(): Promise<LibvirtAvailability> {
  try {
    await run('virsh', ['--version'], { timeout: 10_000 });
  } catch {
    return {
      available: false,
      why: 'virsh is not installed (apt-get install libvirt-clients libvirt-daemon)',
    };
  }
  if (await connects()) return { available: true };
  if (!existsSync(SOCKET) && process.getuid?.() === 0 && existsSync('/usr/sbin/libvirtd')) {
    // `.ci/run` starts it; a developer's root shell gets the same here (the user and group
    // libvirt-qemu must exist; .ci/run creates them). libvirtd will not start without its log dir.
    mkdirSync('/var/log/libvirt', { recursive: true });
    await run('/usr/sbin/libvirtd', ['--daemon'], { timeout: 10_000 }).catch(() => undefined);
    const deadline = Date.now() + 10_000;
    while (Date.now() < deadline) {
      if (await connects()) return { available: true };
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
  return {
    available: false,
    why: `libvirtd does not answer at ${LIBVIRT_TEST_URI} (start it: libvirtd --daemon; it needs the libvirt-qemu user and group)`,
  };
}

export type LibvirtTestBed = {
  uri: string;
  pool: string;
  /** The image name the harness's machines are made from, and its base volume. */
  image: string;
  baseVolume: string;
  namePrefix: string;
  virsh: (args: string[], input?: string) => Promise<string>;
  dispose: () => Promise<void>;
};

/**
 * An interactive virsh connected to the test driver, kept open (its stdin stays open) until the
 * bed is disposed. Resolves once it answered a command, i.e. once it really holds a connection:
 * before that, the test driver would drop everything with the last other connection.
 */
async function openKeepAlive(): Promise<ChildProcess> {
  const keepAlive = spawn('virsh', ['-q', '-c', LIBVIRT_TEST_URI], {
    stdio: ['pipe', 'pipe', 'ignore'],
    env: { ...process.env, LC_ALL: 'C' },
  });
  await new Promise<void>((resolve, reject) => {
    let output = '';
    const timer = setTimeout(
      () => reject(new Error('the keep-alive virsh did not answer')),
      15_000,
    );
    keepAlive.once('error', reject);
    keepAlive.once('exit', () => reject(new Error('the keep-alive virsh exited')));
    keepAlive.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('keep-alive-ready')) {
        clearTimeout(timer);
        resolve();
      }
    });
    keepAlive.stdin!.write('echo keep-alive-ready\n');
  });
  keepAlive.stdout!.resume();
  return keepAlive;
}

/** Opens the keep-alive connection, a transient pool and a 1 GiB base image volume in it. */
export async function openLibvirtTestBed(): Promise<LibvirtTestBed> {
  const keepAlive = await openKeepAlive();
  const run = randomBytes(4).toString('hex');
  const pool = `portal-test-${run}`;
  const namePrefix = `t${run}-`;
  const baseVolume = `base-${run}.qcow2`;
  await virsh(['pool-create-as', pool, 'dir', '--target', `/${pool}`]);
  await virsh(['vol-create-as', pool, baseVolume, '1G', '--format', 'qcow2']);

  const dispose = async () => {
    const names = (await virsh(['list', '--all', '--name']))
      .split('\n')
      .map((line) => line.trim())
      .filter((name) => name.startsWith(namePrefix));
    for (const name of names) {
      await virsh(['destroy', name]).catch(() => undefined);
      await virsh(['undefine', name]).catch(() => undefined);
    }
    const volumes = (await virsh(['vol-list', pool, '--details']).catch(() => ''))
      .split('\n')
      .map((line) => line.trim().split(/\s+/)[0])
      .filter((name): name is string => Boolean(name));
    for (const volume of volumes) {
      await virsh(['vol-delete', '--pool', pool, volume]).catch(() => undefined);
    }
    await virsh(['pool-destroy', pool]).catch(() => undefined);
    keepAlive.stdin?.end();
    keepAlive.kill();
  };
  return {
    uri: LIBVIRT_TEST_URI,
    pool,
    image: 'Ubuntu 24.04',
    baseVolume,
    namePrefix,
    virsh,
    dispose,
  };
}

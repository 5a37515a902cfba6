import { chmod, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HypervisorRefused, HypervisorUnavailable } from '../provider';
import {
  INPUT_FILE,
  VirshError,
  classifyVirshError,
  runVirsh,
  runVirshScript,
  toHypervisorError,
  type VirshConnection,
} from './virsh';

/** Real libvirt 9 messages (LC_ALL=C), as virsh prints them on standard error. */
const MESSAGES: Array<[string, string]> = [
  [
    "error: failed to connect to the hypervisor\nerror: Failed to connect socket to '/run/libvirt/libvirt-sock': No such file or directory",
    'unavailable',
  ],
  ['error: End of file while reading data: Input/output error', 'unavailable'],
  [
    'error: Cannot recv data: Host key verification failed.: Connection reset by peer',
    'unavailable',
  ],
  [
    'error: Timed out during operation: cannot acquire state change lock (held by monitor=remoteDispatchDomainCreate)',
    'busy',
  ],
  ["error: failed to get domain 'b4e97351-c2b8-4058-9423-2d31a57623fe'", 'missing'],
  [
    "error: failed to get vol 'x'\nerror: Storage volume not found: no storage vol with matching path 'x'",
    'missing',
  ],
  [
    "error: Failed to change size of volume 'a' to 20G\nerror: this function is not supported by the connection driver: virStorageVolResize",
    'rejected',
  ],
  ['error: unsupported flags (0x10) in function testDomainSnapshotCreateXML', 'rejected'],
  ['error: Domain is already active', 'invalid-state'],
  [
    "error: Failed to shutdown domain 'a'\nerror: Requested operation is not valid: domain is not running",
    'invalid-state',
  ],
  ['error: invalid argument: cannot set memory higher than max memory', 'invalid-request'],
  [
    'error: internal error: process exited while connecting to monitor: qemu-system-x86_64: Failed to get "write" lock\nIs another process using the image [/var/lib/libvirt/images/a.qcow2]?',
    'not-shut-off',
  ],
  ["error: internal error: Not enough free space in pool for volume 'a'", 'rejected'],
  ['error: something nobody has seen before', 'rejected'],
];

describe('virsh errors', () => {
  it.each(MESSAGES)('maps %j', (stderr, reason) => {
    expect(classifyVirshError(new VirshError(stderr, 'exit', 1)).reason).toBe(reason);
  });

  it('never carries vendor text (names, paths, hosts) into the typed error', () => {
    for (const [stderr] of MESSAGES) {
      const error = toHypervisorError(new VirshError(stderr, 'exit', 1));
      expect(error instanceof HypervisorRefused || error instanceof HypervisorUnavailable).toBe(
        true,
      );
      expect(error.message).toMatch(/^libvirt: [a-z ,:-]+$/);
      expect(error.message).not.toMatch(/\/|'|b4e97351/);
    }
  });

  it('takes a timeout and a missing virsh for unavailability', () => {
    expect(toHypervisorError(new VirshError('', 'timeout', null))).toEqual(
      new HypervisorUnavailable('libvirt: the libvirt command timed out'),
    );
    expect(toHypervisorError(new VirshError('', 'spawn', 'ENOENT')).message).toBe(
      'libvirt: virsh is not installed',
    );
    const refused = new HypervisorRefused('busy');
    expect(toHypervisorError(refused)).toBe(refused);
    expect(toHypervisorError(new Error('boom'))).toBeInstanceOf(HypervisorUnavailable);
  });
});

describe('running virsh', () => {
  let directory: string;
  /** A stand-in virsh that records its arguments, stdin and environment, then behaves as told. */
  const fake = async (name: string, body: string) => {
    const file = path.join(directory, name);
    await writeFile(file, `#!/bin/sh\n${body}\n`);
    await chmod(file, 0o700);
    return file;
  };
  const connection = (virshPath: string, timeoutMs = 5_000): VirshConnection => ({
    uri: 'test+unix:///default',
    virshPath,
    timeoutMs,
  });

  beforeAll(async () => {
    directory = await mkdtemp(path.join(tmpdir(), 'virsh-test-'));
  });
  afterAll(async () => {
    await rm(directory, { recursive: true, force: true });
  });

  it('passes arguments as they are, with no shell, and a clean environment', async () => {
    const log = path.join(directory, 'args.log');
    const virsh = await fake(
      'echo-virsh',
      `for a in "$@"; do printf '%s\\n' "$a"; done > ${log}; env > ${log}.env; echo ok`,
    );
    process.env.PORTAL_TEST_SECRET = 'do-not-leak';
    try {
      const out = await runVirsh(connection(virsh), ['desc', 'a; rm -rf / $(id)', '--title']);
      expect(out).toBe('ok\n');
    } finally {
      delete process.env.PORTAL_TEST_SECRET;
    }
    expect((await readFile(log, 'utf8')).split('\n')).toEqual([
      '-q',
      '-c',
      'test+unix:///default',
      'desc',
      'a; rm -rf / $(id)',
      '--title',
      '',
    ]);
    const env = await readFile(`${log}.env`, 'utf8');
    expect(env).toContain('LC_ALL=C');
    expect(env).not.toContain('do-not-leak');
  });

  it('hands XML over in a private file that is gone afterwards', async () => {
    const copy = path.join(directory, 'copy.xml');
    const virsh = await fake(
      'file-virsh',
      `cp "$5" ${copy}; stat -c %a "$5" > ${copy}.mode; echo "$5" > ${copy}.path`,
    );
    await runVirsh(connection(virsh), ['define', INPUT_FILE], { file: '<domain/>' });
    expect(await readFile(copy, 'utf8')).toBe('<domain/>');
    expect((await readFile(`${copy}.mode`, 'utf8')).trim()).toBe('600');
    const used = (await readFile(`${copy}.path`, 'utf8')).trim();
    await expect(readFile(used)).rejects.toThrow();
  });

  it('fails with the exit status, and kills a virsh that hangs', async () => {
    const failing = await fake(
      'failing-virsh',
      `echo "error: Domain is already active" >&2; exit 1`,
    );
    const error = await runVirsh(connection(failing), ['start', 'x']).catch((caught) => caught);
    expect(error).toBeInstanceOf(VirshError);
    expect(classifyVirshError(error as VirshError).reason).toBe('invalid-state');

    const hanging = await fake('hanging-virsh', 'exec sleep 30');
    const started = Date.now();
    const timeout = await runVirsh(connection(hanging, 300), ['start', 'x']).catch(
      (caught) => caught,
    );
    expect((timeout as VirshError).kind).toBe('timeout');
    expect(Date.now() - started).toBeLessThan(5_000);

    const missing = await runVirsh(connection(path.join(directory, 'nope')), ['list']).catch(
      (caught) => caught,
    );
    expect((missing as VirshError).kind).toBe('spawn');
    expect(toHypervisorError(missing).message).toBe('libvirt: virsh is not installed');
  });

  it('writes secrets to the interactive shell, not the command line, and sees its errors', async () => {
    const log = path.join(directory, 'script.log');
    const script = await fake('script-virsh', `echo "$@" > ${log}.args; cat > ${log}`);
    await runVirshScript(connection(script), [
      ['set-user-password', '--domain', 'u-1', '--user', 'ubuntu', '--password', 'Abc_123-x'],
    ]);
    expect((await readFile(`${log}.args`, 'utf8')).trim()).toBe('-q -c test+unix:///default');
    expect(await readFile(log, 'utf8')).toBe(
      'set-user-password --domain u-1 --user ubuntu --password Abc_123-x\nquit\n',
    );

    const erring = await fake(
      'erring-virsh',
      'cat > /dev/null; echo "error: Requested operation is not valid: domain is not running" >&2; exit 0',
    );
    const error = await runVirshScript(connection(erring), [['set-user-password']]).catch(
      (caught) => caught,
    );
    expect(classifyVirshError(error as VirshError).reason).toBe('invalid-state');

    await expect(
      runVirshScript(connection(script), [['set-user-password', '--user', 'a b']]),
    ).rejects.toThrow('unsafe word');
    await expect(runVirshScript(connection(script), [['echo', 'x\nundefine y']])).rejects.toThrow(
      'unsafe word',
    );
  });
});

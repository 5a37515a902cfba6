import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from '../../src/config';
import { send, type Target } from './http-client';
import { waitFor } from './portal-process';

/** The README's reverse-proxy configuration. */
export const NGINX_SITE = path.join(REPO_ROOT, 'deploy/nginx/cloud-portal.conf');

/** Debian's nginx binary, when installed (.ci/run installs nginx-light). */
export function findNginx(): string | undefined {
  return ['/usr/sbin/nginx', '/usr/bin/nginx'].find((file) => fs.existsSync(file));
}

export type RunningNginx = { stop: () => Promise<void> };

/**
 * The README's site file as it is, but for its ports: `listen` on 127.0.0.1:`port`, the upstream
 * on `upstreamPorts`. Run as an unprivileged foreground nginx under `dir`.
 */
export async function startNginx(
  binary: string,
  dir: string,
  port: number,
  upstreamPorts: number[],
): Promise<Target & RunningNginx> {
  const root = path.join(dir, 'nginx');
  fs.mkdirSync(root, { recursive: true });
  const original = fs.readFileSync(NGINX_SITE, 'utf8');
  const servers = original.match(/^ {4}server 127\.0\.0\.1:\d+;\n/gm) ?? [];
  if (servers.length < 2) throw new Error(`${NGINX_SITE}: expected two upstream servers`);
  const site = original
    .replace(
      servers.join(''),
      upstreamPorts.map((upstream) => `    server 127.0.0.1:${upstream};\n`).join(''),
    )
    .replace(/^ {4}listen 80;\n {4}listen \[::\]:80;\n/m, `    listen 127.0.0.1:${port};\n`);
  if (site.includes('listen 80') || !site.includes(`listen 127.0.0.1:${port};`))
    throw new Error(`${NGINX_SITE}: the listen lines changed; update the test's substitution`);
  fs.writeFileSync(path.join(root, 'cloud-portal.conf'), site);
  const main = [
    'daemon off;',
    'worker_processes 1;',
    ...(process.getuid?.() === 0 ? ['user root;'] : []),
    `pid ${root}/nginx.pid;`,
    `error_log ${root}/error.log warn;`,
    'events { worker_connections 256; }',
    'http {',
    '  access_log off;',
    `  client_body_temp_path ${root}/body;`,
    `  proxy_temp_path ${root}/proxy;`,
    `  fastcgi_temp_path ${root}/fastcgi;`,
    `  uwsgi_temp_path ${root}/uwsgi;`,
    `  scgi_temp_path ${root}/scgi;`,
    `  include ${root}/cloud-portal.conf;`,
    '}',
  ].join('\n');
  const configFile = path.join(root, 'nginx.conf');
  fs.writeFileSync(configFile, main);
  const args = ['-p', root, '-e', `${root}/error.log`, '-c', configFile];
  const check = spawnSync(binary, ['-t', ...args], { encoding: 'utf8' });
  if (check.status !== 0) throw new Error(`nginx -t failed:\n${check.stderr}`);

  const child = spawn(binary, args, { stdio: ['ignore', 'ignore', 'pipe'] });
  let errors = '';
  child.stderr!.on('data', (chunk) => (errors += chunk));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const target: Target = { name: 'nginx', port };
  await waitFor(
    'nginx listening',
    async () => {
      if (child.exitCode !== null) throw new Error(`nginx exited:\n${errors}`);
      return send(target, '/api/health').then(
        (answer) => (answer.status === 200 ? true : undefined),
        () => undefined,
      );
    },
    10_000,
  );
  return {
    ...target,
    stop: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGQUIT');
      await exited;
    },
  };
}

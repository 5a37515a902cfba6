import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, REPO_ROOT } from './config';

describe('loadConfig', () => {
  it('has the documented defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      publicUrl: 'http://localhost:3000',
      dataDir: path.join(REPO_ROOT, 'data'),
      databaseUrl: undefined,
      smtpUrl: undefined,
      logLevel: 'info',
    });
  });

  it('takes the public address from PORT when PUBLIC_URL is unset', () => {
    expect(loadConfig({ PORT: '4100' }).publicUrl).toBe('http://localhost:4100');
    expect(loadConfig({ PORT: '4100', PUBLIC_URL: 'https://portal.example' }).publicUrl).toBe(
      'https://portal.example',
    );
  });

  it('treats empty optional URLs as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', SMTP_URL: '' })).toMatchObject({
      databaseUrl: undefined,
      smtpUrl: undefined,
    });
  });

  it('lists every bad variable at once', () => {
    let message = '';
    try {
      loadConfig({
        PORT: 'eighty',
        PUBLIC_URL: 'ftp://x',
        DATABASE_URL: 'mysql://db',
        LOG_LEVEL: 'loud',
      });
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      message = (error as Error).message;
    }
    for (const name of ['PORT', 'PUBLIC_URL', 'DATABASE_URL', 'LOG_LEVEL'])
      expect(message).toContain(name);
  });

  it('reads JOB_WORKERS as all queues, or a list of known ones', () => {
    expect(loadConfig({}).jobWorkers).toBeUndefined();
    expect(loadConfig({ JOB_WORKERS: 'mail-account, mail-deliver' }).jobWorkers).toEqual([
      'mail-account',
      'mail-deliver',
    ]);
    expect(() => loadConfig({ JOB_WORKERS: 'mail-account,nonsense' })).toThrow(
      /JOB_WORKERS.*nonsense/,
    );
  });
});

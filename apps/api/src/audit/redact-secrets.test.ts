import { describe, expect, it } from 'vitest';
import { REDACTED, isSecretField, redactSecrets } from './redact-secrets';

describe('redactSecrets', () => {
  it('redacts secret fields whatever their case or separators', () => {
    for (const name of [
      'password',
      'PASSWORD',
      'passwordHash',
      'secret',
      'clientSecret',
      'client_secret',
      'token',
      'receiptToken',
      'apiKey',
      'api_key',
      'API-KEY',
      'passphrase',
      'privateKey',
      'private_key',
      'hashKey',
      'credentials',
      'sealedCredentials',
    ]) {
      expect(isSecretField(name), name).toBe(true);
    }
    for (const name of ['name', 'email', 'keyboard', 'status', 'companyId', 'monkey']) {
      expect(isSecretField(name), name).toBe(false);
    }
  });

  it('redacts at any depth and inside arrays, the whole value of a secret field', () => {
    const before = {
      name: 'PayFast',
      Credentials: { merchantId: '10000100', merchantKey: 'abc', passphrase: 'p' },
      gateways: [
        { id: 1, settings: { API_KEY: 'k1', baseUrl: 'https://a' } },
        { id: 2, settings: { clientSecret: 's2', mode: 'test' } },
      ],
      nested: { deeper: { privateKey: 'pk', values: [{ token: 't' }, 'plain'] } },
      count: 3,
      missing: null,
    };
    expect(redactSecrets(before)).toEqual({
      name: 'PayFast',
      Credentials: REDACTED,
      gateways: [
        { id: 1, settings: { API_KEY: REDACTED, baseUrl: 'https://a' } },
        { id: 2, settings: { clientSecret: REDACTED, mode: 'test' } },
      ],
      nested: { deeper: { privateKey: REDACTED, values: [{ token: REDACTED }, 'plain'] } },
      count: 3,
      missing: null,
    });
    // The input is left as it was.
    expect(before.gateways[0]!.settings.API_KEY).toBe('k1');
  });

  it('keeps values that are not objects as they are', () => {
    expect(redactSecrets(null)).toBeNull();
    expect(redactSecrets('password')).toBe('password');
    expect(redactSecrets([1, 'two'])).toEqual([1, 'two']);
    const at = new Date('2026-01-02T03:04:05Z');
    expect(redactSecrets({ at })).toEqual({ at });
  });
});

import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { Config } from '../config';

/**
 * The key that seals gateway credentials: CREDENTIALS_KEY (32 bytes as 64 hex characters or
 * base64) when set, which every process of a deployment must share; otherwise, for a single
 * process, one generated on first start into DATA_DIR/credentials-key (mode 600).
 */
export function resolveCredentialsKey(config: Config): Buffer {
  if (config.credentialsKey) return config.credentialsKey;
  const file = path.join(config.dataDir, 'credentials-key');
  try {
    return Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'base64url');
  } catch {
    fs.mkdirSync(config.dataDir, { recursive: true });
    const key = randomBytes(32);
    try {
      fs.writeFileSync(file, key.toString('base64url'), { mode: 0o600, flag: 'wx' });
      return key;
    } catch {
      // Another process wrote it first: use theirs.
      return Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'base64url');
    }
  }
}

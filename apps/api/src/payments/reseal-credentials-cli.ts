// Rotates CREDENTIALS_KEY (README, "Rotating the secrets"): with every portal process stopped,
//   CREDENTIALS_KEY=<the new key> node --import tsx apps/api/src/payments/reseal-credentials-cli.ts <old key file | ->
// opens every sealed value with the old key and seals it with the new one, in one transaction.
// The old key comes from a file or standard input, never the command line (shell history); on
// the embedded database it is DATA_DIR/credentials-key itself.
import fs from 'node:fs';
import { loadConfig } from '../config';
import { openConfiguredDatabase } from '../db/open-configured-database';
import { CredentialsUnreadable } from '../lib/credentials-cipher';
import { resealCredentials } from './reseal-credentials';

/** 32 bytes written as 64 hex characters, base64 or base64url (DATA_DIR/credentials-key); else null. */
export function parseKey(text: string): Buffer | null {
  const value = text.trim();
  const key = /^[0-9a-fA-F]{64}$/.test(value)
    ? Buffer.from(value, 'hex')
    : /^[\w+/-]+={0,2}$/.test(value)
      ? Buffer.from(value, 'base64')
      : null;
  return key?.length === 32 ? key : null;
}

const USAGE =
  'usage: CREDENTIALS_KEY=<new key> node --import tsx apps/api/src/payments/reseal-credentials-cli.ts <old key file | ->';

const [source] = process.argv.slice(2);
if (!source) {
  console.error(USAGE);
  process.exit(2);
}
let oldKey: Buffer | null = null;
try {
  oldKey = parseKey(fs.readFileSync(source === '-' ? 0 : source, 'utf8'));
} catch {
  oldKey = null;
}
if (!oldKey) {
  console.error('Could not read the old key: 32 bytes as 64 hex characters or base64.');
  process.exit(2);
}
const config = loadConfig();
if (!config.credentialsKey) {
  console.error(`CREDENTIALS_KEY (the new key) is not set.\n${USAGE}`);
  process.exit(2);
}
if (config.credentialsKey.equals(oldKey)) {
  console.error('The new CREDENTIALS_KEY is the old key: nothing to do.');
  process.exit(2);
}
const handle = await openConfiguredDatabase(config);
try {
  const done = await resealCredentials(handle.db, oldKey, config.credentialsKey);
  console.log(
    `Sealed again under the new CREDENTIALS_KEY: ${done.gateways} payment-gateway settings and ${done.hypervisors} hypervisor settings (${handle.kind} database). Start every process with the new key.`,
  );
} catch (error) {
  if (!(error instanceof CredentialsUnreadable)) throw error;
  console.error('The old key does not open what is stored; nothing was changed.');
  process.exitCode = 1;
} finally {
  await handle.close();
}

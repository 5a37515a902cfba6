// The secrets every portal the bench starts shares, for the whole run: the payment credentials
// sealed by one step's portal (the demo companies' gateways, the bench companies' Sandbox) must
// open in the next one's, which refuses to start otherwise. CREDENTIALS_KEY from the environment
// wins: on a PostgreSQL database that already holds sealed credentials, it must be their key.
import { randomBytes } from 'node:crypto';
import { randomToken } from '../../apps/api/src/lib/tokens';

export const BENCH_SECRETS = {
  SESSION_SECRET: randomToken(),
  CREDENTIALS_KEY: process.env.CREDENTIALS_KEY || randomBytes(32).toString('hex'),
};

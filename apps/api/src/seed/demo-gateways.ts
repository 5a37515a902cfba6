import { PAYFAST_GATEWAY, SANDBOX_GATEWAY } from '@cloud-portal/contract/orders/gateways';
import { randomToken } from '../lib/tokens';
import type { Database } from '../db/client';
import { saveGatewaySettings } from '../payments/gateway-settings';

/**
 * The demo companies' gateways: the built-in Sandbox (works with nothing else running) and
 * PayFast's public sandbox merchant (issue 10). PayPal and PesaPal publish no shared sandbox
 * credentials, so a provider adds its own; until then products do not offer them (ADR 016). Nor
 * Ozow: its test site code and private key are public, so only the provider's own API key (which
 * confirms each payment with Ozow) makes it safe to offer (issue 25).
 */
export async function writeDemoGateways(
  db: Database,
  credentialsKey: Buffer,
  companyId: number,
): Promise<void> {
  await saveGatewaySettings(db, credentialsKey, companyId, SANDBOX_GATEWAY, {
    isTest: true,
    credentials: { secret: randomToken() },
  });
  await saveGatewaySettings(db, credentialsKey, companyId, PAYFAST_GATEWAY, {
    isTest: true,
    credentials: {
      merchant_id: '10000100',
      merchant_key: '46f0cd694581a',
      passphrase: 'jt7NOE43FZPn',
    },
  });
}

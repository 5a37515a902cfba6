import type { Database } from '../db/client';
import { publicAddresses } from '../db/schema/virtual-machines';

const DEMO_PUBLIC_ADDRESS_COUNT = 8;

/**
 * Each demo company's pool of public addresses, from the documentation ranges (RFC 5737), so a
 * demo customer can assign one and nothing real is ever named: 203.0.113.10–17 for the first
 * company, 198.51.100.10–17 for the second.
 */
const DEMO_PUBLIC_ADDRESS_PREFIXES: Record<string, string> = {
  demo: '203.0.113.',
  'demo-two': '198.51.100.',
};

export function demoPublicAddresses(slug: string): string[] {
  const prefix = DEMO_PUBLIC_ADDRESS_PREFIXES[slug];
  if (!prefix) return [];
  return Array.from({ length: DEMO_PUBLIC_ADDRESS_COUNT }, (_, index) => `${prefix}${10 + index}`);
}

/**
 * Adds the demo company's pool addresses it does not have yet. Idempotent, and an address a
 * machine holds stays assigned: a second run adds nothing and changes nothing.
 */
export async function writeDemoPublicAddresses(
  db: Database,
  companyId: number,
  slug: string,
): Promise<void> {
  const addresses = demoPublicAddresses(slug);
  if (addresses.length === 0) return;
  await db
    .insert(publicAddresses)
    .values(addresses.map((address) => ({ companyId, address })))
    .onConflictDoNothing({ target: [publicAddresses.companyId, publicAddresses.address] });
}

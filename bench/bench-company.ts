import { eq } from 'drizzle-orm';
import type { Database } from '../apps/api/src/db/client';
import { companies, companyDomains } from '../apps/api/src/db/schema/company';
import {
  lines,
  NIMBUS_OPERATING_SYSTEMS,
  product,
  type DemoCatalogue,
} from '../apps/api/src/seed/demo-catalogues';
import { writeDemoCatalogue } from '../apps/api/src/seed/write-demo-catalogue';

const REGIONS = ['Johannesburg', 'Cape Town', 'Durban', 'Nairobi'];
const MEMORY_SIZES = [1, 2, 4, 8, 16, 32];

/** A big, varied, deterministic catalogue: product i cycles through OS, region, sizes and flags. */
export function buildBenchCatalogue(productCount: number): DemoCatalogue {
  const systems = NIMBUS_OPERATING_SYSTEMS;
  return {
    operatingSystems: systems,
    regions: REGIONS.map((name) => ({ name, country: name === 'Nairobi' ? 'KE' : 'ZA' })),
    ipTypes: ['Private IP', 'Public IP'],
    timePeriodDays: [30, 90, 180, 365],
    products: Array.from({ length: productCount }, (_, index) => {
      const memory = MEMORY_SIZES[index % MEMORY_SIZES.length]!;
      const region = REGIONS[index % REGIONS.length]!;
      const os = systems[index % systems.length]!;
      return product({
        name: `${os} plan ${String(index + 1).padStart(5, '0')}`,
        description: 'A generated product for the benchmark.',
        os,
        serviceName: index % 5 === 0 ? 'Kubernetes' : 'Virtual Machines',
        serviceType: index % 17 === 0 ? 'Open Nebula' : 'Proxmox VE',
        country: region === 'Nairobi' ? 'KE' : 'ZA',
        region,
        ipType: index % 3 === 0 ? 'Public IP' : 'Private IP',
        ramDiscountBasisPoints: (index % 4) * 250,
        isPremium: index % 23 === 0,
        isGoldCopy: index % 10 === 0,
        paymentGateways: ['PayFast Payment', 'Ozow Payment'],
        sortOrder: index,
        specifications: lines(
          [memory, 1, 64, 1, 4000 + (index % 9) * 100],
          [20 * memory, 20, 2000, 10, 100 + (index % 5) * 10],
          [1, 1, 16, 1, 5500 + (index % 7) * 100],
        ),
      });
    }),
  };
}

/**
 * The benchmark's company: `productCount` products on `origin`. Written afresh each time (the
 * company and everything it owns are deleted first).
 */
export async function seedBenchCompany(
  db: Database,
  { origin, productCount }: { origin: string; productCount: number },
): Promise<void> {
  await db.delete(companies).where(eq(companies.slug, 'bench'));
  const [company] = await db
    .insert(companies)
    .values({
      slug: 'bench',
      name: 'Bench Cloud',
      portalUrl: origin,
      contactNumber: '+27 10 555 0100',
      country: 'South Africa',
      email: 'hello@bench.example',
      officeAddress: '1 Benchmark Road',
      city: 'Johannesburg',
    })
    .returning({ id: companies.id });
  await db.insert(companyDomains).values({ companyId: company!.id, origin });
  await writeDemoCatalogue(db, company!.id, buildBenchCatalogue(productCount));
}

import { eq } from 'drizzle-orm';
import type { Database } from '../client';
import { companies, companyDomains } from '../schema/company';
import { writeDemoCatalogue } from './write-demo-catalogue';
import { STANDARD_RAM_CPU_RULES, type DemoCatalogue, type DemoProduct } from './demo-catalogues';

const SYSTEMS = [
  'Ubuntu',
  'Windows Server',
  'CentOS',
  'Red Hat Enterprise Linux',
  'Debian',
  'Kubernetes',
];
const REGIONS = ['Johannesburg', 'Cape Town', 'Durban', 'Nairobi'];
const MEMORY_SIZES = [1, 2, 4, 8, 16, 32];

/** A big, varied, deterministic catalogue: product i cycles through OS, region, sizes and flags. */
export function buildBenchCatalogue(productCount: number): DemoCatalogue {
  const products: DemoProduct[] = Array.from({ length: productCount }, (_, index) => {
    const memory = MEMORY_SIZES[index % MEMORY_SIZES.length]!;
    const region = REGIONS[index % REGIONS.length]!;
    return {
      name: `${SYSTEMS[index % SYSTEMS.length]} plan ${String(index + 1).padStart(5, '0')}`,
      description: 'A generated product for the benchmark.',
      os: SYSTEMS[index % SYSTEMS.length]!,
      imagePath: null,
      serviceName: index % 5 === 0 ? 'Kubernetes' : 'Virtual Machines',
      serviceType: index % 17 === 0 ? 'Open Nebula' : 'Proxmox VE',
      country: region === 'Nairobi' ? 'KE' : 'ZA',
      region,
      ipType: index % 3 === 0 ? 'Public IP' : 'Private IP',
      validityDays: 30,
      ramDiscountBasisPoints: (index % 4) * 250,
      diskDiscountBasisPoints: 0,
      cpuDiscountBasisPoints: 0,
      isPremium: index % 23 === 0,
      isGoldCopy: index % 10 === 0,
      bypassesPayment: false,
      paymentGateways: ['PayFast Payment', 'Ozow Payment'],
      requiresLicence: false,
      licencePath: null,
      isActive: true,
      sortOrder: index,
      specifications: [
        {
          name: 'Memory',
          unit: 'GB',
          baseCount: memory,
          minValue: 1,
          maxValue: 64,
          step: 1,
          costPerUnitMinor: 4000 + (index % 9) * 100,
          sequence: 1,
        },
        {
          name: 'Disk',
          unit: 'GB',
          baseCount: 20 * memory,
          minValue: 20,
          maxValue: 2000,
          step: 10,
          costPerUnitMinor: 100 + (index % 5) * 10,
          sequence: 2,
        },
        {
          name: 'Processor',
          unit: 'vCPU',
          baseCount: 1,
          minValue: 1,
          maxValue: 16,
          step: 1,
          costPerUnitMinor: 5500 + (index % 7) * 100,
          sequence: 3,
        },
      ],
      ramCpuRules: STANDARD_RAM_CPU_RULES,
    };
  });
  return {
    operatingSystems: SYSTEMS,
    regions: REGIONS.map((name) => ({ name, country: name === 'Nairobi' ? 'KE' : 'ZA' })),
    ipTypes: ['Private IP', 'Public IP'],
    timePeriodDays: [30, 90, 180, 365],
    products,
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

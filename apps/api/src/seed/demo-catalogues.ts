import type {
  CatalogueProduct,
  CatalogueSpecification,
} from '../modules/marketplace/write-catalogue';

/**
 * What each demo company sells: enough variety that every marketplace and configuration rule
 * shows (custom "gold" machines, a premium machine, fixed-spec Node Weaver and Open Nebula
 * machines, a Windows machine needing a licence, a product without a region, several gateways
 * and one that bypasses payment). Lookups are named here and resolved to ids by the seed.
 */
export type DemoProduct = Omit<
  CatalogueProduct,
  'operatingSystemId' | 'countryId' | 'regionId' | 'ipTypeId' | 'currency'
> & { os: string; country: string; region: string | null; ipType: string | null };

export type DemoCatalogue = {
  operatingSystems: string[];
  regions: { name: string; country: string }[];
  ipTypes: string[];
  timePeriodDays: number[];
  products: DemoProduct[];
};

type LineSpec = [base: number, min: number, max: number, step: number, costPerUnitMinor: number];

/** Memory (GB), Disk (GB) and Processor (vCPU) lines in that sequence. */
export function lines(
  memory: LineSpec,
  disk: LineSpec,
  processor: LineSpec,
): CatalogueSpecification[] {
  const line = (
    name: CatalogueSpecification['name'],
    unit: string,
    sequence: number,
    [baseCount, minValue, maxValue, step, costPerUnitMinor]: LineSpec,
  ): CatalogueSpecification => ({
    name,
    unit,
    baseCount,
    minValue,
    maxValue,
    step,
    costPerUnitMinor,
    sequence,
  });
  return [
    line('Memory', 'GB', 1, memory),
    line('Disk', 'GB', 2, disk),
    line('Processor', 'vCPU', 3, processor),
  ];
}

/** The usual sizing: 1–2 GB → 1 vCPU, 3–4 → 2, 5–8 → 4, 9–16 → 6, 17–32 → 8, 33–64 → 16. */
const STANDARD_RAM_CPU_RULES = [
  { ramStart: 1, ramEnd: 2, cpuCount: 1 },
  { ramStart: 3, ramEnd: 4, cpuCount: 2 },
  { ramStart: 5, ramEnd: 8, cpuCount: 4 },
  { ramStart: 9, ramEnd: 16, cpuCount: 6 },
  { ramStart: 17, ramEnd: 32, cpuCount: 8 },
  { ramStart: 33, ramEnd: 64, cpuCount: 16 },
];

/**
 * A demo product: the usual defaults (Johannesburg, private IP, the built-in Sandbox beside three
 * real gateways) and the fields given.
 */
export const product = (
  fields: Partial<DemoProduct> & Pick<DemoProduct, 'name' | 'os' | 'specifications'>,
): DemoProduct => ({
  description: '',
  imagePath: null,
  serviceName: 'Virtual Machines',
  serviceType: 'Proxmox VE',
  country: 'ZA',
  region: 'Johannesburg',
  ipType: 'Private IP',
  validityDays: 30,
  ramDiscountBasisPoints: 0,
  diskDiscountBasisPoints: 0,
  cpuDiscountBasisPoints: 0,
  isPremium: false,
  isGoldCopy: false,
  bypassesPayment: false,
  paymentGateways: ['Sandbox Payment', 'PayFast Payment', 'Ozow Payment', 'Paypal Payment'],
  requiresLicence: false,
  licencePath: null,
  isActive: true,
  sortOrder: 0,
  ramCpuRules: STANDARD_RAM_CPU_RULES,
  ...fields,
});

export const NIMBUS_OPERATING_SYSTEMS = [
  'Ubuntu',
  'Windows Server',
  'CentOS',
  'Red Hat Enterprise Linux',
  'Debian',
  'Kubernetes',
];

export function buildNimbusCatalogue(licencePath: string, gpuImagePath: string): DemoCatalogue {
  return {
    operatingSystems: NIMBUS_OPERATING_SYSTEMS,
    regions: [
      { name: 'Johannesburg', country: 'ZA' },
      { name: 'Cape Town', country: 'ZA' },
      { name: 'Nairobi', country: 'KE' },
    ],
    ipTypes: ['Private IP', 'Public IP'],
    timePeriodDays: [30, 90, 180, 365],
    products: [
      product({
        name: 'Ubuntu Starter',
        os: 'Ubuntu',
        description: 'Ubuntu 24.04 LTS for small sites, bots and test environments.',
        specifications: lines([2, 1, 16, 1, 4500], [40, 20, 500, 10, 120], [1, 1, 6, 1, 6000]),
        ramDiscountBasisPoints: 1000,
        cpuDiscountBasisPoints: 500,
        sortOrder: 1,
      }),
      product({
        name: 'Ubuntu Business',
        os: 'Ubuntu',
        description: 'Ubuntu 24.04 LTS sized for line-of-business applications.',
        specifications: lines([8, 4, 64, 4, 4200], [160, 80, 2000, 20, 110], [4, 2, 16, 2, 5800]),
        ipType: 'Public IP',
        diskDiscountBasisPoints: 750,
        sortOrder: 2,
      }),
      product({
        name: 'Windows Server Standard',
        os: 'Windows Server',
        description: 'Windows Server 2022 Standard. Bring your own Microsoft licence.',
        specifications: lines([8, 4, 32, 2, 5200], [120, 80, 1000, 20, 130], [4, 2, 8, 2, 7000]),
        region: 'Cape Town',
        ipType: 'Public IP',
        requiresLicence: true,
        licencePath,
        sortOrder: 3,
      }),
      product({
        name: 'CentOS Stream Web',
        os: 'CentOS',
        description: 'CentOS Stream 9 with a free choice of processor count.',
        specifications: lines([4, 2, 32, 2, 4000], [80, 40, 1000, 20, 100], [2, 1, 8, 1, 5500]),
        ramCpuRules: [],
        paymentGateways: ['Sandbox Payment', 'PayFast Payment'],
        sortOrder: 4,
      }),
      product({
        name: 'Red Hat Enterprise Premium',
        os: 'Red Hat Enterprise Linux',
        description: 'RHEL 9 on reserved hardware, sold as configured.',
        specifications: lines([16, 16, 16, 1, 6000], [250, 250, 250, 10, 150], [6, 6, 6, 1, 8000]),
        isPremium: true,
        sortOrder: 5,
      }),
      product({
        name: 'Debian Flex',
        os: 'Debian',
        description: 'Debian 12 in the region of your choice.',
        specifications: lines([2, 1, 16, 1, 4300], [50, 20, 500, 10, 110], [1, 1, 6, 1, 5900]),
        region: null,
        sortOrder: 6,
      }),
      product({
        name: 'Ubuntu Nairobi',
        os: 'Ubuntu',
        description: 'Ubuntu 24.04 LTS close to East African users, billed in shillings.',
        specifications: lines([4, 2, 32, 2, 9500], [80, 40, 1000, 20, 260], [2, 1, 8, 1, 12000]),
        country: 'KE',
        region: 'Nairobi',
        paymentGateways: ['Sandbox Payment', 'PesaPal Payment'],
        sortOrder: 7,
      }),
      product({
        name: 'Kubernetes Worker Node',
        os: 'Kubernetes',
        description: 'A managed Kubernetes worker on Open Nebula, sold as a fixed size.',
        serviceName: 'Kubernetes',
        serviceType: 'Open Nebula',
        specifications: lines([8, 8, 8, 1, 4200], [100, 100, 100, 10, 110], [4, 4, 4, 1, 5800]),
        sortOrder: 8,
      }),
      product({
        name: 'Node Weaver Edge Appliance',
        os: 'Ubuntu',
        description: 'A hyper-converged Node Weaver edge node, sold as a fixed size.',
        serviceType: 'Node Weaver',
        specifications: lines([4, 4, 4, 1, 4400], [60, 60, 60, 10, 120], [2, 2, 2, 1, 6000]),
        sortOrder: 9,
      }),
      product({
        name: 'Custom GPU-ready Ubuntu',
        os: 'Ubuntu',
        description: 'A custom build with CUDA drivers, provisioned without online payment.',
        imagePath: gpuImagePath,
        specifications: lines(
          [32, 16, 64, 8, 4800],
          [500, 250, 2000, 50, 140],
          [8, 4, 16, 2, 9000],
        ),
        isGoldCopy: true,
        bypassesPayment: true,
        paymentGateways: [],
        sortOrder: 10,
      }),
      product({
        name: 'Custom Windows SQL Host',
        os: 'Windows Server',
        description: 'Windows Server 2022 tuned for SQL Server. Bring your own licence.',
        specifications: lines([16, 8, 64, 8, 5400], [300, 200, 2000, 50, 140], [6, 4, 16, 2, 7200]),
        region: 'Cape Town',
        isGoldCopy: true,
        requiresLicence: true,
        licencePath,
        sortOrder: 11,
      }),
    ],
  };
}

export function buildBaobabCatalogue(): DemoCatalogue {
  const kenyan = {
    country: 'KE',
    region: 'Nairobi',
    paymentGateways: ['Sandbox Payment', 'PesaPal Payment'],
  };
  return {
    operatingSystems: ['Ubuntu', 'Windows Server'],
    regions: [
      { name: 'Nairobi', country: 'KE' },
      { name: 'Mombasa', country: 'KE' },
    ],
    ipTypes: ['Shared IP', 'Dedicated IP'],
    timePeriodDays: [30, 60, 90],
    products: [
      product({
        ...kenyan,
        name: 'VPS Small',
        os: 'Ubuntu',
        specifications: lines([1, 1, 8, 1, 9000], [25, 25, 200, 25, 250], [1, 1, 4, 1, 11000]),
        ipType: 'Shared IP',
        sortOrder: 1,
      }),
      product({
        ...kenyan,
        name: 'VPS Medium',
        os: 'Ubuntu',
        specifications: lines([4, 2, 16, 2, 8800], [100, 50, 500, 25, 240], [2, 1, 6, 1, 10800]),
        ipType: 'Dedicated IP',
        region: 'Mombasa',
        sortOrder: 2,
      }),
      product({
        ...kenyan,
        name: 'Windows VPS',
        os: 'Windows Server',
        specifications: lines([8, 4, 16, 2, 9800], [120, 80, 500, 20, 260], [4, 2, 8, 2, 12500]),
        ipType: 'Dedicated IP',
        sortOrder: 3,
      }),
      product({
        ...kenyan,
        name: 'Custom Reseller Host',
        os: 'Ubuntu',
        specifications: lines([16, 8, 32, 4, 8600], [400, 200, 1000, 50, 230], [6, 4, 8, 2, 10500]),
        ipType: 'Dedicated IP',
        isGoldCopy: true,
        sortOrder: 4,
      }),
    ],
  };
}

import type {
  companies,
  companyAddresses,
  menuItems,
  partnerClouds,
  productServiceClouds,
  productServices,
} from '../db/schema/company';
import type { news } from '../db/schema/content';
import { buildBaobabCatalogue, buildNimbusCatalogue, type DemoCatalogue } from './demo-catalogues';
import {
  DEMO_LICENCE_SECTIONS,
  DEMO_PRIVACY_SECTIONS,
  DEMO_TERMS_SECTIONS,
} from './demo-documents';

type Insert<T extends { $inferInsert: unknown }> = T['$inferInsert'];

export type DemoCompany = {
  company: Omit<Insert<typeof companies>, 'id'>;
  origins: string[];
  /** Files copied from ./assets into uploads/<slug>/. */
  assets: string[];
  /** PDFs written into uploads/<slug>/ at seed time. */
  documents: { file: string; title: string; sections: { heading: string; text: string }[] }[];
  addresses: Omit<Insert<typeof companyAddresses>, 'companyId'>[];
  menuItems: Omit<Insert<typeof menuItems>, 'companyId'>[];
  productServices: (Omit<Insert<typeof productServices>, 'companyId'> & {
    clouds: Omit<Insert<typeof productServiceClouds>, 'productServiceId'>[];
  })[];
  partnerClouds: Omit<Insert<typeof partnerClouds>, 'companyId'>[];
  news: Omit<Insert<typeof news>, 'companyId'>[];
  catalogue: DemoCatalogue;
};

const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000);

/**
 * Two brands, so tenancy is visible from the first start: the main one answers on PUBLIC_URL and
 * its 127.0.0.1 twin, the second on 127.0.0.2 with the same port.
 */
export function buildDemoCompanies({
  publicUrl,
  port,
}: {
  publicUrl: string;
  port: number;
}): DemoCompany[] {
  const local = (host: string) => `http://${host}:${port}`;
  const mainOrigins = [...new Set([publicUrl, local('localhost'), local('127.0.0.1')])];
  const upload = (slug: string, file: string) => `/uploads/${slug}/${file}`;

  return [
    {
      origins: mainOrigins,
      documents: [
        {
          file: 'microsoft-license.pdf',
          title: 'Microsoft Licence Terms',
          sections: DEMO_LICENCE_SECTIONS,
        },
      ],
      catalogue: buildNimbusCatalogue(
        upload('demo', 'microsoft-license.pdf'),
        upload('demo', 'product-gpu.svg'),
      ),
      assets: [
        'product-gpu.svg',
        'nimbus-logo.svg',
        'news-datacentre.svg',
        'news-backup.svg',
        'partner-storage.svg',
        'partner-cdn.svg',
        'partner-analytics.svg',
      ],
      company: {
        slug: 'demo',
        name: 'Nimbus Africa Cloud',
        logoPath: upload('demo', 'nimbus-logo.svg'),
        portalUrl: publicUrl,
        websiteUrl: 'https://www.nimbusafrica.example',
        facebookUrl: 'https://www.facebook.com/nimbusafricacloud',
        instagramUrl: 'https://www.instagram.com/nimbusafricacloud',
        twitterUrl: 'https://x.com/nimbusafrica',
        linkedinUrl: 'https://www.linkedin.com/company/nimbus-africa-cloud',
        youtubeUrl: null,
        contactNumber: '+27 21 555 0142',
        country: 'South Africa',
        email: 'support@nimbusafrica.example',
        officeAddress: 'Bandwidth Barn, 125 Buitengracht Street',
        city: 'Cape Town',
        postalCode: '8001',
        vatNumber: '4710293847',
        registrationAgreementPath: null,
        termsPath: null,
        privacyPolicyPath: null,
        videoPath: null,
        regionId: 1,
        isInMaintenance: false,
        maintenanceMessage: 'We are upgrading our platform and will be back shortly.',
        maintenanceRedirectUrl: null,
        defaultLanguage: 'en',
        primaryColor: '#0b6bcb',
        // South African VAT is charged on the discounted price (ADR 015).
        taxBasis: 'afterDiscount',
        countryIsoCode: 'ZA',
        timeZone: 'Africa/Johannesburg',
        supportOpensAt: '08:30',
        supportClosesAt: '17:00',
        supportDays: [1, 2, 3, 4, 5],
      },
      addresses: [
        {
          country: 'South Africa',
          officeAddress: 'Bandwidth Barn, 125 Buitengracht Street',
          city: 'Cape Town',
          sortOrder: 1,
        },
        {
          country: 'South Africa',
          officeAddress: 'The Mall Offices, 11 Cradock Avenue, Rosebank',
          city: 'Johannesburg',
          sortOrder: 2,
        },
        {
          country: 'Kenya',
          officeAddress: 'Westlands Business Park, Chiromo Lane',
          city: 'Nairobi',
          sortOrder: 3,
        },
        {
          country: 'South Africa',
          officeAddress: '2 Ncondo Place, Umhlanga Ridge',
          city: 'Durban',
          sortOrder: 4,
        },
      ],
      menuItems: [
        {
          name: 'Startup programme',
          url: 'https://www.nimbusafrica.example/benefits/startups',
          sortOrder: 1,
        },
        {
          name: 'Education discount',
          url: 'https://www.nimbusafrica.example/benefits/education',
          sortOrder: 2,
        },
        {
          name: 'Partner network',
          url: 'https://www.nimbusafrica.example/benefits/partners',
          sortOrder: 3,
        },
      ],
      productServices: [
        {
          businessName: 'Cloud Infrastructure',
          description:
            'Virtual machines and Kubernetes clusters in our Cape Town and Johannesburg data centres, billed monthly in rand with no egress surprises.',
          serviceOption: 'CloudService',
          redirectUrl: null,
          sortOrder: 1,
          clouds: [
            {
              serviceName: 'Virtual Machines',
              description: 'Linux and Windows servers sized to the gigabyte.',
              sortOrder: 1,
            },
            {
              serviceName: 'Kubernetes',
              description: 'Managed clusters with autoscaling worker pools.',
              sortOrder: 2,
            },
          ],
        },
        {
          businessName: 'Backup/Disaster Recovery',
          description:
            'Encrypted off-site backups with point-in-time restore, replicated between South Africa and Kenya for POPIA-compliant disaster recovery.',
          serviceOption: 'RedirectionURL',
          redirectUrl: 'https://backup.nimbusafrica.example',
          sortOrder: 2,
          clouds: [],
        },
        {
          businessName: 'Enterprise Networking',
          description:
            'Dedicated links, SD-WAN and private peering at NAPAfrica for businesses that need predictable latency across the continent.',
          serviceOption: 'SendEmailForEnquiry',
          redirectUrl: null,
          sortOrder: 3,
          clouds: [],
        },
      ],
      partnerClouds: [
        {
          title: 'Savanna Object Storage',
          description: 'S3-compatible storage with eleven nines of durability.',
          logoPath: upload('demo', 'partner-storage.svg'),
          websiteUrl: 'https://storage.savanna.example',
          sortOrder: 1,
        },
        {
          title: 'Kilimanjaro CDN',
          description: 'Edge caching in 14 African cities.',
          logoPath: upload('demo', 'partner-cdn.svg'),
          websiteUrl: 'https://www.kilimanjaro-cdn.example',
          sortOrder: 2,
        },
        {
          title: 'Table Mountain Analytics',
          description: 'Managed data warehouse and dashboards.',
          logoPath: upload('demo', 'partner-analytics.svg'),
          websiteUrl: 'https://analytics.tablemountain.example',
          sortOrder: 3,
        },
      ],
      news: [
        {
          title: 'New Johannesburg availability zone is live',
          content:
            'Our second Gauteng data centre is now open for virtual machines. Customers in Johannesburg and Pretoria see round-trip times under 3 ms, and every machine can be replicated to Cape Town for disaster recovery at no extra network cost. Existing machines can be cloned into the new zone from the Backup tab of your profile.',
          imagePath: upload('demo', 'news-datacentre.svg'),
          links: ['https://status.nimbusafrica.example/zones/jnb2'],
          publishedAt: daysAgo(2),
        },
        {
          title: 'Snapshots now keep up to 30 days',
          content:
            'Daily, weekly and monthly snapshot schedules can now be kept for up to 30 days.',
          imagePath: upload('demo', 'news-backup.svg'),
          links: [],
          publishedAt: daysAgo(9),
        },
        {
          title: 'Load-shedding resilience report',
          content:
            'Through the winter we kept 99.99% availability across both South African sites despite stage 6 load-shedding. Our generators, battery banks and diesel contracts are audited every quarter, and the full report with fuel consumption and transfer times is available to every customer.',
          imagePath: 'NA',
          links: [
            'https://www.nimbusafrica.example/reports/resilience-2026.pdf',
            'https://status.nimbusafrica.example',
          ],
          publishedAt: daysAgo(21),
        },
        {
          title: 'Nairobi office opens',
          content:
            'Our team in Westlands now supports customers across East Africa in English and Kiswahili.',
          imagePath: null,
          links: [],
          publishedAt: daysAgo(40),
        },
      ],
    },
    {
      origins: [local('127.0.0.2')],
      assets: ['baobab-logo.svg', 'news-nairobi.svg'],
      catalogue: buildBaobabCatalogue(),
      documents: [
        { file: 'terms.pdf', title: 'Terms and Conditions', sections: DEMO_TERMS_SECTIONS },
        { file: 'privacy.pdf', title: 'Privacy Policy', sections: DEMO_PRIVACY_SECTIONS },
      ],
      company: {
        slug: 'demo-two',
        name: 'Baobab Hosting',
        logoPath: upload('demo-two', 'baobab-logo.svg'),
        portalUrl: local('127.0.0.2'),
        websiteUrl: null,
        facebookUrl: 'https://www.facebook.com/baobabhosting',
        instagramUrl: null,
        twitterUrl: null,
        linkedinUrl: 'https://www.linkedin.com/company/baobab-hosting',
        youtubeUrl: 'https://www.youtube.com/@baobabhosting',
        contactNumber: '+254 20 765 4321',
        country: 'Kenya',
        email: 'hello@baobabhosting.example',
        officeAddress: 'Delta Corner Tower, Waiyaki Way',
        city: 'Nairobi',
        postalCode: '00800',
        vatNumber: 'P051234567X',
        registrationAgreementPath: null,
        termsPath: upload('demo-two', 'terms.pdf'),
        privacyPolicyPath: upload('demo-two', 'privacy.pdf'),
        videoPath: null,
        regionId: 2,
        isInMaintenance: false,
        maintenanceMessage: 'Baobab Hosting is under scheduled maintenance.',
        maintenanceRedirectUrl: null,
        defaultLanguage: 'en',
        // 5.35:1 against white, so its buttons and links meet WCAG AA (#2b8a3e was 4.37:1).
        primaryColor: '#277a37',
        // The spec's formula (vm-lifecycle.md §4), so both bases can be seen.
        taxBasis: 'beforeDiscount',
        countryIsoCode: 'KE',
        timeZone: 'Africa/Nairobi',
        supportOpensAt: '08:00',
        supportClosesAt: '18:00',
        supportDays: [1, 2, 3, 4, 5, 6],
      },
      addresses: [
        {
          country: 'Kenya',
          officeAddress: 'Delta Corner Tower, Waiyaki Way',
          city: 'Nairobi',
          sortOrder: 1,
        },
        {
          country: 'Kenya',
          officeAddress: 'Nyali Centre, Links Road',
          city: 'Mombasa',
          sortOrder: 2,
        },
      ],
      menuItems: [],
      productServices: [
        {
          businessName: 'Web Hosting',
          description:
            'Managed WordPress and static site hosting from our Nairobi data centre, paid with M-Pesa or card.',
          serviceOption: 'CloudService',
          redirectUrl: null,
          sortOrder: 1,
          clouds: [
            {
              serviceName: 'Virtual Machines',
              description: 'Small VPS plans for web workloads.',
              sortOrder: 1,
            },
          ],
        },
      ],
      partnerClouds: [],
      news: [
        {
          title: 'Baobab Hosting now accepts Pesapal',
          content: 'Pay for your servers with M-Pesa, Airtel Money or card through Pesapal.',
          imagePath: upload('demo-two', 'news-nairobi.svg'),
          links: [],
          publishedAt: daysAgo(5),
        },
      ],
    },
  ];
}

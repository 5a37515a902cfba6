import { and, asc, eq } from 'drizzle-orm';
import type { TGetVmProductDetailsResponse } from '@cloud-portal/contract/marketplace/get-vm-product-details';
import type { TSpecificationLine } from '@cloud-portal/contract/marketplace/catalogue-schemas';
import { marketplaceMessages } from '@cloud-portal/contract/marketplace/marketplace-messages';
import { formatMinor } from '@cloud-portal/contract/pricing/money';
import type { Database } from '../../db/client';
import {
  operatingSystems,
  regions,
  timePeriods,
  vmProductRamCpuRules,
  vmProducts,
  vmProductSpecifications,
} from '../../db/schema/catalogue';
import { companies, countries } from '../../db/schema/company';
import { AppError } from '../../errors';
import { flag, toPercent, toSpecificationLine } from './serializers';

/** An active product of this company with its OS, tax country, region and tax basis; 404 otherwise. */
async function findProduct(db: Database, companyId: number, productId: number) {
  const [row] = await db
    .select({
      product: vmProducts,
      osType: operatingSystems.name,
      country: countries,
      regionName: regions.name,
      taxBasis: companies.taxBasis,
    })
    .from(vmProducts)
    .innerJoin(companies, eq(companies.id, vmProducts.companyId))
    .innerJoin(operatingSystems, eq(operatingSystems.id, vmProducts.operatingSystemId))
    .innerJoin(countries, eq(countries.id, vmProducts.countryId))
    .leftJoin(regions, eq(regions.id, vmProducts.regionId))
    .where(
      and(
        eq(vmProducts.id, productId),
        eq(vmProducts.companyId, companyId),
        eq(vmProducts.isActive, true),
      ),
    );
  if (!row) throw new AppError(404, marketplaceMessages.productNotFound);
  return row;
}

async function loadSpecificationLines(db: Database, productId: number) {
  return db
    .select()
    .from(vmProductSpecifications)
    .where(eq(vmProductSpecifications.productId, productId))
    .orderBy(asc(vmProductSpecifications.sequence), asc(vmProductSpecifications.id));
}

/** marketPlace/getSpecification: the lines of one of this company's products. */
export async function loadSpecification(
  db: Database,
  companyId: number,
  productId: number,
  pricesVisible: boolean,
): Promise<TSpecificationLine[]> {
  const { country } = await findProduct(db, companyId, productId);
  const lines = await loadSpecificationLines(db, productId);
  return lines.map((line) => toSpecificationLine(line, country.taxBasisPoints, pricesVisible));
}

/** Everything /productdetails/{id} needs, for a customer of the product's company. */
export async function loadProductDetails(
  db: Database,
  companyId: number,
  productId: number,
): Promise<TGetVmProductDetailsResponse> {
  const { product, osType, country, regionName, taxBasis } = await findProduct(
    db,
    companyId,
    productId,
  );
  const [lines, rules, periods, companyRegions] = await Promise.all([
    loadSpecificationLines(db, productId),
    db
      .select()
      .from(vmProductRamCpuRules)
      .where(eq(vmProductRamCpuRules.productId, productId))
      .orderBy(asc(vmProductRamCpuRules.ramStart)),
    db
      .select({ ID: timePeriods.id, days: timePeriods.days })
      .from(timePeriods)
      .where(eq(timePeriods.companyId, companyId))
      .orderBy(asc(timePeriods.days)),
    db
      .select({ ID: regions.id, name: regions.name })
      .from(regions)
      .where(eq(regions.companyId, companyId))
      .orderBy(asc(regions.sortOrder), asc(regions.name)),
  ]);
  return {
    VMProductDetail: {
      productID: product.id,
      productName: product.name,
      productDescription: product.description,
      vm_Cost: formatMinor(product.costMinor),
      vm_RAM_Count: product.memoryCount,
      vm_RAM_Unit: product.memoryUnit,
      vm_CPU_Count: product.cpuCount,
      vm_Driver_Count: product.diskCount,
      vm_Driver_Unit: product.diskUnit,
      vm_currency: product.currency,
      osType,
      taxValue: toPercent(country.taxBasisPoints),
      serviceType: product.serviceType,
      vm_validity: product.validityDays,
      vm_countryCode: country.isoCode,
      imagePath: product.imagePath,
      sendMailForLicense: flag(product.requiresLicence),
      microsoftLicensePath: product.licencePath,
      cpu_Cost_Total: formatMinor(product.cpuCostMinor),
      isGoldCopy: flag(product.isGoldCopy),
      isPremium: flag(product.isPremium),
      regionName,
      regionID: product.regionId,
    },
    paymentGateway: product.paymentGateways,
    vmSpec: lines.map((line) => {
      const wire = toSpecificationLine(line, country.taxBasisPoints, true);
      return { ...wire, costPerUnit: wire.costPerUnit!, totalCost: wire.totalCost! };
    }),
    ramCpuDependecy: rules.map((rule) => ({
      ramStartLimit: rule.ramStart,
      ramEndLimit: rule.ramEnd,
      cpuCount: rule.cpuCount,
    })),
    country: {
      countryID: country.id,
      countryName: country.name,
      taxValue: toPercent(country.taxBasisPoints),
      currency: country.currency,
    },
    timePeriod: periods,
    byPassflag: flag(product.bypassesPayment),
    taxBasis,
    discount: {
      ramDiscount: toPercent(product.ramDiscountBasisPoints),
      diskDiscount: toPercent(product.diskDiscountBasisPoints),
      cpuDiscount: toPercent(product.cpuDiscountBasisPoints),
    },
    regions: companyRegions,
  };
}

import type {
  TInvoice,
  TInvoiceLine,
  TInvoiceMachine,
} from '@cloud-portal/contract/orders/generate-invoice';
import { ORDER_KINDS, bankReferenceOf } from '@cloud-portal/contract/orders/order-status';
import { formatMinor } from '@cloud-portal/contract/pricing/money';
import type { customers } from '../../db/schema/accounts';
import type { companies, companyAddresses } from '../../db/schema/company';
import type {
  OrderedLine,
  OrderedMachine,
  OrderRow,
  paymentTransactions,
} from '../../db/schema/orders';

const DAY_MS = 24 * 60 * 60 * 1000;

/** A paid order with its transaction, its company and its customer, as the receipt needs them. */
export type ReceiptRecord = {
  order: Pick<
    OrderRow,
    | 'id'
    | 'reference'
    | 'kind'
    | 'currency'
    | 'costMinor'
    | 'discountMinor'
    | 'taxMinor'
    | 'arrearsMinor'
    | 'totalMinor'
    | 'taxBasisPoints'
    | 'taxBasis'
    | 'productName'
    | 'lines'
    | 'regionName'
    | 'periodDays'
    | 'details'
  >;
  transaction: Pick<
    typeof paymentTransactions.$inferSelect,
    | 'transactionId'
    | 'paymentMode'
    | 'currency'
    | 'amountMinor'
    | 'isTest'
    | 'receiptToken'
    | 'createdAt'
  >;
  company: Pick<
    typeof companies.$inferSelect,
    | 'id'
    | 'name'
    | 'logoPath'
    | 'portalUrl'
    | 'websiteUrl'
    | 'contactNumber'
    | 'country'
    | 'officeAddress'
    | 'city'
    | 'postalCode'
    | 'vatNumber'
    | 'timeZone'
    | 'primaryColor'
  >;
  customer: Pick<
    typeof customers.$inferSelect,
    | 'firstName'
    | 'lastName'
    | 'email'
    | 'dialCode'
    | 'mobileNumber'
    | 'companyName'
    | 'vatNumber'
    | 'address'
    | 'city'
    | 'state'
    | 'postalCode'
    | 'region'
  >;
  /** The company's first listed address, used when the company row has none of its own. */
  firstAddress: Pick<
    typeof companyAddresses.$inferSelect,
    'officeAddress' | 'city' | 'country'
  > | null;
};

const toInvoiceLine = (entry: OrderedLine): TInvoiceLine => ({
  item: entry.name,
  count: entry.count,
  unit: entry.unit,
  price: formatMinor(entry.costMinor),
  discount: formatMinor(entry.discountMinor),
});

const orNull = (value: string | null | undefined) =>
  value === null || value === undefined || value.trim() === '' ? null : value;

/** One machine of a multi-renew, as its invoice and receipt list it. */
export const toInvoiceMachine = (machine: OrderedMachine): TInvoiceMachine => ({
  vmName: machine.vmName,
  region: orNull(machine.regionName),
  days: machine.days,
  daysExtended: machine.daysExtended,
  cost: formatMinor(machine.costMinor),
  tax: formatMinor(machine.taxMinor),
  arrears: formatMinor(machine.arrearsMinor),
  lines: machine.lines.map(toInvoiceLine),
});

/** The invoice of vm-lifecycle.md §3 (wire names) for a paid order. */
export function toInvoice(record: ReceiptRecord): TInvoice {
  const { order, transaction, company, customer, firstAddress } = record;
  const line = (name: 'Memory' | 'Disk' | 'Processor') =>
    order.lines.find((entry) => entry.name === name);
  const paidAt = transaction.createdAt;
  // Only a new machine's period starts at payment; renewals and the rest extend or change one.
  const endDate =
    order.kind === ORDER_KINDS.newPurchase && order.periodDays > 0
      ? new Date(paidAt.getTime() + order.periodDays * DAY_MS).toISOString()
      : null;
  const usesOwnAddress = orNull(company.officeAddress) !== null;
  const mobile = `${customer.dialCode} ${customer.mobileNumber}`.trim();

  return {
    invoiceDetail: {
      orderID: order.reference,
      transactionDate: paidAt.toISOString(),
      endDate,
      vmName: order.productName,
      region: orNull(order.regionName),
      validity: order.periodDays,
      currencyCode: order.currency,
      cost: formatMinor(order.costMinor),
      discount: formatMinor(order.discountMinor),
      tax: order.taxBasisPoints / 100,
      taxAmount: formatMinor(order.taxMinor),
      totalCost: formatMinor(order.totalMinor),
      ram_Count: line('Memory')?.count ?? 0,
      ram_Unit: line('Memory')?.unit ?? 'GB',
      cpu_Count: line('Processor')?.count ?? 0,
      disk_Count: line('Disk')?.count ?? 0,
      disk_Unit: line('Disk')?.unit ?? 'GB',
      paymentMode: orNull(transaction.paymentMode),
      transactionID: orNull(transaction.transactionId),
      isTestTransaction: transaction.isTest ? 1 : 0,
      taxBasis: order.taxBasis,
      receiptToken: transaction.receiptToken,
      commingFrom: order.kind,
      bankReference: bankReferenceOf(order.kind, order.details?.backupKind),
      arrears: formatMinor(order.arrearsMinor),
      chargedAmount: formatMinor(transaction.amountMinor),
      chargedCurrency: transaction.currency,
      lines: order.lines.map(toInvoiceLine),
      machines: (order.details?.machines ?? []).map(toInvoiceMachine),
    },
    companyDetail: {
      companyName: company.name,
      officeAddress: usesOwnAddress ? company.officeAddress : orNull(firstAddress?.officeAddress),
      postalCode: usesOwnAddress ? orNull(company.postalCode) : null,
      city: usesOwnAddress ? orNull(company.city) : orNull(firstAddress?.city),
      country: orNull(company.country) ?? orNull(firstAddress?.country),
      companyVATNumber: orNull(company.vatNumber),
      contactNo: orNull(company.contactNumber),
      websiteUrl: orNull(company.websiteUrl) ?? company.portalUrl,
      imagePath: orNull(company.logoPath),
    },
    userDetails: {
      firstName: customer.firstName,
      lastName: customer.lastName,
      emailID: customer.email,
      contactNo: orNull(customer.mobileNumber) === null ? null : mobile,
      address: orNull(customer.address),
      city: orNull(customer.city),
      state: orNull(customer.state),
      postalCode: orNull(customer.postalCode),
      companyName: orNull(customer.companyName),
      customerVatNumber: orNull(customer.vatNumber),
      region: orNull(customer.region),
    },
  };
}

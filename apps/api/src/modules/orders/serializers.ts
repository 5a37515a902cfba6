import { formatMinor } from '@cloud-portal/contract/pricing/money';
import {
  isGatewayName,
  isTaxInvoiceGateway,
  type GatewayName,
} from '@cloud-portal/contract/orders/gateways';
import { orderMessages } from '@cloud-portal/contract/orders/order-messages';
import {
  bankReferenceOf,
  isCloneOf,
  purchaseKindOf,
  updateIdOf,
} from '@cloud-portal/contract/orders/order-status';
import type { TOrderResponse } from '@cloud-portal/contract/orders/create-order';
import type { TOrderStatusResponse } from '@cloud-portal/contract/orders/get-order-status';
import type { PaymentStart } from '../../payments/gateway';
import { toInvoiceMachine } from '../invoices/serializers';
import type { OrderRow } from '../../db/schema/orders';

const flag = (value: boolean) => (value ? 1 : 0) as 0 | 1;

const gatewayOf = (order: OrderRow): GatewayName | null =>
  order.gateway && isGatewayName(order.gateway) ? order.gateway : null;

const lineCost = (order: OrderRow, name: string) =>
  formatMinor(order.lines.find((line) => line.name === name)?.costMinor ?? 0);

/** The order response of vm-lifecycle.md §3, without any secret. */
export function toOrderResponse(
  order: OrderRow,
  extra: {
    websiteUrl: string;
    countryCode: string;
    customerEmail: string;
    licenceRequired: boolean;
    start: PaymentStart | null;
    /** The machines a kind 2–5 order acts on. */
    vmIds?: number[];
    /** Renewals: the days of arrears charged (the largest of the machines'). */
    daysExtended?: number;
  },
): TOrderResponse {
  const start = extra.start;
  return {
    orderID: order.reference,
    commingFrom: order.kind,
    status: order.status,
    isGoldCopy: flag(order.isGoldCopy),
    paymentMode: gatewayOf(order),
    byPassFlag: flag(order.bypassesPayment),
    websiteUrl: extra.websiteUrl,
    vmName: order.productName,
    productID: order.productId ?? 0,
    regionName: order.regionName,
    timePeriod: order.periodDays,
    amount: formatMinor(order.chargeTotalMinor),
    currencyCode: order.chargeCurrency,
    productCurrency: order.currency,
    cost: formatMinor(order.costMinor),
    discount: formatMinor(order.discountMinor),
    tax: formatMinor(order.taxMinor),
    taxPercent: order.taxBasisPoints / 100,
    taxBasis: order.taxBasis,
    totalAmount: formatMinor(order.totalMinor),
    ramCost: lineCost(order, 'Memory'),
    driveCost: lineCost(order, 'Disk'),
    cpuCost: lineCost(order, 'Processor'),
    penaltyCostRenew: formatMinor(order.arrearsMinor),
    daysExtended: extra.daysExtended ?? 0,
    countryCode: extra.countryCode,
    transactionReference: order.reference,
    bankReference: bankReferenceOf(order.kind, order.details?.backupKind),
    Customer: extra.customerEmail,
    IsTest: order.isTest,
    isTaxInvoice: flag(order.gateway !== null && isTaxInvoiceGateway(order.gateway)),
    specification: order.lines.map((line) => ({
      item: line.name,
      size: line.count,
      unit: line.unit,
      price: formatMinor(line.costMinor),
    })),
    licenceRequired: flag(extra.licenceRequired),
    redirect_url: start?.kind === 'redirect' ? start.url : null,
    form:
      start?.kind === 'form'
        ? { action: start.action, method: 'POST', fields: start.fields }
        : null,
    expiresAt: order.expiresAt.toISOString(),
    vmIDs: extra.vmIds ?? [],
    machines: (order.details?.machines ?? []).map(toInvoiceMachine),
  };
}

const STATUS_MESSAGES = {
  pending: orderMessages.paymentPending,
  paid: orderMessages.paymentComplete,
  failed: orderMessages.gatewayFailure,
  cancelled: orderMessages.paymentCancelled,
  expired: orderMessages.orderExpired,
} as const;

/** What the return pages poll: the order's status as the server has verified it. */
export function toOrderStatus(
  order: OrderRow,
  transaction: { transactionId: string; receiptToken: string } | null,
): TOrderStatusResponse {
  return {
    orderID: order.reference,
    status: order.status,
    gateway: gatewayOf(order),
    amount: formatMinor(order.chargeTotalMinor),
    currencyCode: order.chargeCurrency,
    message:
      order.status === 'failed' && order.statusMessage
        ? order.statusMessage
        : STATUS_MESSAGES[order.status],
    commingFrom: order.kind,
    purchaseKind: purchaseKindOf(order.kind, order.details?.backupKind),
    productID: order.productId ?? 0,
    vmName: order.productName,
    receiptToken: order.status === 'paid' ? (transaction?.receiptToken ?? null) : null,
    transactionID: order.status === 'paid' ? (transaction?.transactionId ?? null) : null,
    updateID: updateIdOf(order),
    isClone: isCloneOf(order),
  };
}

import { and, eq } from 'drizzle-orm';
import { orderMessages } from '@cloud-portal/contract/orders/order-messages';
import type { Database } from '../../db/client';
import { customers } from '../../db/schema/accounts';
import { countries } from '../../db/schema/company';
import { orders, type OrderRow } from '../../db/schema/orders';
import { AppError } from '../../errors';
import type { OrderForGateway } from '../../payments/gateway';
import type { OwnerScope } from '../../tenancy/owner-scope';

/** A customer's own order by its reference; anyone else's, or none, is 404. */
export async function findOwnOrder(
  db: Database,
  owner: OwnerScope,
  reference: string,
): Promise<OrderRow> {
  const [order] = await db
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.reference, reference),
        eq(orders.companyId, owner.companyId),
        eq(orders.customerId, owner.customerId),
      ),
    );
  if (!order) throw new AppError(404, orderMessages.orderNotFound);
  return order;
}

export async function findOrderByReference(
  db: Database,
  reference: string,
): Promise<OrderRow | null> {
  const [order] = await db.select().from(orders).where(eq(orders.reference, reference));
  return order ?? null;
}

/** What a gateway adapter is told of an order; the buyer only where a payment is started. */
export function orderForGateway(
  order: OrderRow,
  customer: OrderForGateway['customer'] = NO_BUYER,
): OrderForGateway {
  return {
    reference: order.reference,
    kind: order.kind as OrderForGateway['kind'],
    description: order.productName,
    amountMinor: order.chargeTotalMinor,
    currency: order.chargeCurrency,
    customer,
    gatewayOrderId: order.gatewayOrderId,
    isOpen: order.status === 'pending',
  };
}

const NO_BUYER: OrderForGateway['customer'] = {
  firstName: '',
  lastName: '',
  email: '',
  phone: null,
  countryCode: null,
};

/** The order with its buyer, as a gateway needs them to start a payment (name, email, phone). */
export async function toOrderForGateway(db: Database, order: OrderRow): Promise<OrderForGateway> {
  const [buyer] = await db
    .select({
      firstName: customers.firstName,
      lastName: customers.lastName,
      email: customers.email,
      dialCode: customers.dialCode,
      mobileNumber: customers.mobileNumber,
      countryCode: countries.isoCode,
    })
    .from(customers)
    .leftJoin(countries, eq(countries.name, customers.region))
    .where(eq(customers.id, order.customerId));
  if (!buyer) return orderForGateway(order);
  return orderForGateway(order, {
    firstName: buyer.firstName,
    lastName: buyer.lastName,
    email: buyer.email,
    phone: `${buyer.dialCode}${buyer.mobileNumber}`.replace(/[^\d+]/g, ''),
    countryCode: buyer.countryCode ?? null,
  });
}

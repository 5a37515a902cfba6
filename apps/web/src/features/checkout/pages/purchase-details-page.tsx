import { useEffect, useState } from 'react';
import { Link, useLocation, useParams, useSearchParams } from 'react-router';
import { Anchor, Container, Group, Stack } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { TOrderResponse } from '@cloud-portal/contract/orders/create-order';
import { InvoiceClosed } from '../components/invoice-closed';
import { Invoice } from '../components/invoice';
import { OrderKindNotReady } from '../components/order-kind-not-ready';
import {
  orderFromState,
  recallOrder,
  rememberOrder,
  sessionOrderStorage,
} from '../components/order-storage';
import { PayPanel } from '../components/pay-panel';

const LATER_KINDS = ['2', '3', '4', '5'] as const;

/**
 * /purchasedetails/{commingFrom} (vm-lifecycle.md §2.5): the invoice / payment screen. A new
 * purchase (1) shows the order Buy Now created; the other kinds arrive with their screens.
 */
export function PurchaseDetailsPage() {
  const { commingFrom = '' } = useParams();
  const location = useLocation();
  const later = LATER_KINDS.find((kind) => kind === commingFrom);

  return (
    <Container size="md" py={{ base: 'lg', md: 40 }}>
      {commingFrom === '1' ? (
        <NewPurchaseCheckout key={location.key} />
      ) : later !== undefined ? (
        <OrderKindNotReady commingFrom={Number(later) as 2 | 3 | 4 | 5} />
      ) : (
        <InvoiceClosed orderID={null} />
      )}
    </Container>
  );
}

function NewPurchaseCheckout() {
  const { t } = useTranslation('checkout');
  const { state } = useLocation();
  const [searchParams] = useSearchParams();
  const orderID = searchParams.get('orderID') ?? '';
  const [order, setOrder] = useState<TOrderResponse | null>(() => {
    const fromState = orderFromState(state);
    if (fromState !== null && (orderID === '' || fromState.orderID === orderID)) return fromState;
    return recallOrder(sessionOrderStorage(), orderID);
  });

  useEffect(() => {
    if (order !== null) rememberOrder(sessionOrderStorage(), order);
  }, [order]);

  if (order === null) return <InvoiceClosed orderID={orderID === '' ? null : orderID} />;

  return (
    <Stack gap="lg">
      <Group>
        <Anchor
          component={Link}
          to={`/productdetails/${order.productID}`}
          size="sm"
          fw={500}
          underline="hover"
          data-testid="invoice-back"
        >
          <Group gap={6} wrap="nowrap" component="span">
            <IconArrowLeft size={18} aria-hidden />
            {t('invoice.back')}
          </Group>
        </Anchor>
      </Group>
      <Invoice order={order} />
      <PayPanel order={order} onOrderUpdated={setOrder} />
    </Stack>
  );
}

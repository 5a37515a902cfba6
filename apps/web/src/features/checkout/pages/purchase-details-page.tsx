import { useEffect, useState } from 'react';
import { Link, useLocation, useParams, useSearchParams } from 'react-router';
import { Anchor, Container, Group, Stack } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { TOrderResponse } from '@cloud-portal/contract/orders/create-order';
import { useOrderStatus } from '@/lib/order-status-api';
import { InvoiceClosed } from '../components/invoice-closed';
import { Invoice } from '../components/invoice';
import { InvoicePaid } from '../components/invoice-paid';
import { withServerStatus } from '../components/invoice-status';
import { invoiceBackPath } from '../components/invoice-back-path';
import {
  orderFromState,
  recallOrder,
  rememberOrder,
  sessionOrderStorage,
} from '../components/order-storage';
import { PayPanel } from '../components/pay-panel';

const KINDS = ['1', '2', '3', '4', '5'] as const;

/**
 * /purchasedetails/{commingFrom} (vm-lifecycle.md §2.5): the invoice / payment screen of every
 * order kind (1 new purchase, 2 clone or snapshot, 3 renew, 4 update, 5 multi-renew): the order
 * its screen's Buy Now created, arriving in the navigation state (or kept from it).
 */
export function PurchaseDetailsPage() {
  const { commingFrom = '' } = useParams();
  const location = useLocation();
  const kind = KINDS.find((value) => value === commingFrom);

  return (
    <Container size="md" py={{ base: 'lg', md: 40 }}>
      {kind !== undefined ? (
        <Checkout key={location.key} kind={Number(kind)} />
      ) : (
        <InvoiceClosed orderID={null} />
      )}
    </Container>
  );
}

function Checkout({ kind }: { kind: number }) {
  const { t } = useTranslation('checkout');
  const { state } = useLocation();
  const [searchParams] = useSearchParams();
  const orderID = searchParams.get('orderID') ?? '';
  const [order, setOrder] = useState<TOrderResponse | null>(() => {
    const fromState = orderFromState(state);
    if (fromState !== null && (orderID === '' || fromState.orderID === orderID)) return fromState;
    return recallOrder(sessionOrderStorage(), orderID);
  });
  const kept = order?.commingFrom === kind ? order : null;
  // What the server says of the order now: paid in another tab, cancelled, expired.
  const live = useOrderStatus(kept?.orderID ?? (orderID === '' ? null : orderID), {
    retry: false,
  });
  const shown = kept === null ? null : withServerStatus(kept, live.data);

  useEffect(() => {
    if (order !== null) rememberOrder(sessionOrderStorage(), order);
  }, [order]);

  if (shown === null)
    return <InvoiceClosed orderID={orderID === '' ? null : orderID} onResumed={setOrder} />;

  return (
    <Stack gap="lg">
      <Group>
        <Anchor
          component={Link}
          to={invoiceBackPath(shown)}
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
      <Invoice order={shown} />
      {shown.status === 'paid' && live.data?.status === 'paid' ? (
        <InvoicePaid status={live.data} />
      ) : (
        <PayPanel order={shown} onOrderUpdated={setOrder} />
      )}
    </Stack>
  );
}

import { useEffect, type ReactNode } from 'react';
import { useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { Button, Text } from '@mantine/core';
import { IconCircleX, IconClockExclamation, IconHourglassEmpty } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { TOrderStatusResponse } from '@cloud-portal/contract/orders/get-order-status';
import { orderMessages } from '@cloud-portal/contract/orders/order-messages';
import { useContractMessages } from '@/lib/use-contract-messages';
import { pickOrderReference } from '../components/order-reference';
import {
  NoReferencePanel,
  OrderLoadErrorPanel,
  OrderNotFoundPanel,
} from '../components/order-panels';
import {
  BackToProductButton,
  MarketplaceButton,
  OrderReference,
  PurchasesButton,
} from '../components/result-actions';
import { ResultPanel } from '../components/result-panel';
import { usePaymentConfirmation } from '../components/use-payment-confirmation';

/**
 * /transaction-status/{commingFrom}, /transaction-status-paypal/{tranRef}/{option3},
 * /transaction-status-pesapal/{tranRef}/{option3} and /transaction-status-payfast/{commingFrom}
 * (vm-lifecycle.md §2, §4 "Payment result"): where a gateway sends the customer back. What the
 * page shows comes from the server, which asks the gateway; the return address's own fields
 * (a Status, a status=cancelled) decide nothing.
 */
export function TransactionStatusPage() {
  const params = useParams();
  const [query] = useSearchParams();
  const { search } = useLocation();
  const orderID = pickOrderReference({ tranRef: params.tranRef }, query);

  if (orderID === null) return <NoReferencePanel />;
  // Another order's return starts afresh: its own call to the gateway, its own 3 minutes.
  return <OrderConfirmation key={orderID} orderID={orderID} search={search} />;
}

function OrderConfirmation({ orderID, search }: { orderID: string; search: string }) {
  const { t } = useTranslation('paymentResult');
  const { translateMessage } = useContractMessages('paymentResult', orderMessages);
  const navigate = useNavigate();
  const { view, checkAgain, isChecking } = usePaymentConfirmation(orderID, search);

  const redirectTo = view.kind === 'redirect' ? view.to : null;
  useEffect(() => {
    if (redirectTo !== null) void navigate(redirectTo, { replace: true });
  }, [redirectTo, navigate]);

  switch (view.kind) {
    case 'pending':
    case 'redirect':
      return (
        <ResultPanel
          key="pending"
          icon="spinner"
          color="brand"
          title={t('status.pendingTitle')}
          testId="payment-result-pending"
        >
          <Text size="lg" role="status" data-testid="payment-result-pending-text">
            {t('status.pendingText')}
          </Text>
          <Text c="dimmed" size="sm">
            {t('status.pendingHint')}
          </Text>
          <OrderReference orderID={orderID} />
        </ResultPanel>
      );
    case 'stillConfirming':
      return (
        <ResultPanel
          key="still-confirming"
          icon={<IconHourglassEmpty size={40} />}
          color="yellow"
          title={t('status.stillConfirmingTitle')}
          testId="payment-result-still-confirming"
          actions={
            <>
              <Button
                onClick={checkAgain}
                loading={isChecking}
                data-testid="payment-result-check-again"
              >
                {t('status.checkAgain')}
              </Button>
              <PurchasesButton variant="default" />
            </>
          }
        >
          <Text size="lg" role="status">
            {t('status.stillConfirmingText')}
          </Text>
          <Text c="dimmed" size="sm">
            {t('status.stillConfirmingHint')}
          </Text>
          <OrderReference orderID={orderID} />
        </ResultPanel>
      );
    case 'cancelled':
      return (
        <ClosedOrder
          key="cancelled"
          order={view.order}
          icon={<IconCircleX size={40} />}
          title={t('status.cancelledTitle')}
          message={translateMessage(view.order.message || orderMessages.paymentCancelled)}
          testId="payment-result-cancelled"
        />
      );
    case 'expired':
      return (
        <ClosedOrder
          key="expired"
          order={view.order}
          icon={<IconClockExclamation size={40} />}
          title={t('status.expiredTitle')}
          message={translateMessage(view.order.message || orderMessages.orderExpired)}
          testId="payment-result-expired"
        />
      );
    case 'notFound':
      return <OrderNotFoundPanel key="not-found" error={view.error} />;
    case 'loadError':
      return (
        <OrderLoadErrorPanel
          key="load-error"
          title={t('status.loadErrorTitle')}
          error={view.error}
          orderID={orderID}
          onRetry={checkAgain}
          isRetrying={isChecking}
        />
      );
  }
}

/** A cancelled or expired order: what happened, and the way back to the product or the marketplace. */
function ClosedOrder({
  order,
  icon,
  title,
  message,
  testId,
}: {
  order: TOrderStatusResponse;
  icon: ReactNode;
  title: string;
  message: string;
  testId: string;
}) {
  return (
    <ResultPanel
      icon={icon}
      color="orange"
      title={title}
      testId={testId}
      actions={
        <>
          <BackToProductButton productID={order.productID} />
          <MarketplaceButton />
        </>
      }
    >
      <Text size="lg" data-testid={`${testId}-message`}>
        {message}
      </Text>
      <OrderReference orderID={order.orderID} />
    </ResultPanel>
  );
}

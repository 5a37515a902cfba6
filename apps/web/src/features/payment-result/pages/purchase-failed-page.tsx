import { Navigate, useSearchParams } from 'react-router';
import { Text } from '@mantine/core';
import { IconCircleX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { orderMessages } from '@cloud-portal/contract/orders/order-messages';
import { useContractMessages } from '@/lib/use-contract-messages';
import { useOrderStatus } from '@/lib/order-status-api';
import { pickOrderReference, transactionStatusPath } from '../components/order-reference';
import {
  NoReferencePanel,
  OrderLoadErrorPanel,
  OrderLoading,
  OrderNotFoundPanel,
} from '../components/order-panels';
import { failureMessages } from '../components/failure-messages';
import { isNotFoundError } from '../components/payment-view';
import { BackToProductButton, OrderReference } from '../components/result-actions';
import { ResultPanel } from '../components/result-panel';

/**
 * /PurchaseFailed?orderID=… (vm-lifecycle.md §2.6): the stored reason the payment failed, and
 * Back to the product. An order that has not failed goes back to its return page.
 */
export function PurchaseFailedPage() {
  const { t } = useTranslation('paymentResult');
  const { translateMessage } = useContractMessages('paymentResult', orderMessages);
  const [query] = useSearchParams();
  const orderID = pickOrderReference({}, query);
  const order = useOrderStatus(orderID);

  if (orderID === null) return <NoReferencePanel />;
  if (order.isPending) return <OrderLoading />;
  if (order.isError) {
    return isNotFoundError(order.error) ? (
      <OrderNotFoundPanel error={order.error} />
    ) : (
      <OrderLoadErrorPanel
        title={t('failed.loadError')}
        error={order.error}
        orderID={orderID}
        onRetry={() => void order.refetch()}
        isRetrying={order.isFetching}
      />
    );
  }
  const { data } = order;
  if (data.status !== 'failed') {
    return <Navigate replace to={transactionStatusPath(data.commingFrom, data.orderID)} />;
  }
  const failure = failureMessages(data.message);
  return (
    <ResultPanel
      icon={<IconCircleX size={44} />}
      color="red"
      title={t('failed.title')}
      testId="purchase-failed"
      actions={
        <BackToProductButton
          productID={data.productID}
          label={t('failed.back')}
          testId="purchase-failed-back"
        />
      }
    >
      <Text size="lg" data-testid="purchase-failed-message">
        {translateMessage(failure.spec)}
      </Text>
      {failure.stored !== null && (
        <Text c="dimmed" data-testid="purchase-failed-reason">
          {t('failed.storedMessage', { message: translateMessage(failure.stored) })}
        </Text>
      )}
      <OrderReference orderID={data.orderID} />
    </ResultPanel>
  );
}

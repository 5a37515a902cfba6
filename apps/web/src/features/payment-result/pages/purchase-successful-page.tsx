import { Link, Navigate, useSearchParams } from 'react-router';
import { Box, Button, Text } from '@mantine/core';
import { IconCircleCheck, IconReceipt } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { TOrderStatusResponse } from '@cloud-portal/contract/orders/get-order-status';
import { orderMessages } from '@cloud-portal/contract/orders/order-messages';
import { ExternalLinkHint } from '@/components/external-link-hint';
import { FactList } from '@/components/fact-list';
import { formatAmount } from '@/lib/format-amount';
import { useContractMessages } from '@/lib/use-contract-messages';
import { useOrderStatus } from '@/lib/order-status-api';
import { pickOrderReference, transactionStatusPath } from '../components/order-reference';
import {
  NoReferencePanel,
  OrderLoadErrorPanel,
  OrderLoading,
  OrderNotFoundPanel,
} from '../components/order-panels';
import { isNotFoundError } from '../components/payment-view';
import { MACHINES_PATH, PurchasesButton } from '../components/result-actions';
import { ResultPanel } from '../components/result-panel';

/**
 * /PurchaseSuccessful?orderID=… (vm-lifecycle.md §2.6): a paid order, as the server confirms
 * it. An order that is not paid goes back to its return page, which tells its real status.
 */
export function PurchaseSuccessfulPage() {
  const { t } = useTranslation('paymentResult');
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
        title={t('successful.loadError')}
        error={order.error}
        orderID={orderID}
        onRetry={() => void order.refetch()}
        isRetrying={order.isFetching}
      />
    );
  }
  if (order.data.status !== 'paid') {
    return (
      <Navigate replace to={transactionStatusPath(order.data.commingFrom, order.data.orderID)} />
    );
  }
  return <PaidOrder order={order.data} />;
}

function PaidOrder({ order }: { order: TOrderStatusResponse }) {
  const { t, i18n } = useTranslation('paymentResult');
  const { message } = useContractMessages('paymentResult', orderMessages);
  const facts = [
    { label: t('successful.orderId'), value: order.orderID },
    ...(order.transactionID
      ? [{ label: t('successful.transactionId'), value: order.transactionID }]
      : []),
    {
      label: t('successful.amount'),
      value: formatAmount(order.amount, order.currencyCode, i18n.language),
    },
  ];

  return (
    <ResultPanel
      icon={<IconCircleCheck size={44} />}
      color="green"
      title={message('paymentComplete')}
      testId="purchase-successful"
      actions={
        <>
          <PurchasesButton
            label={t('successful.viewPurchase')}
            to={MACHINES_PATH}
            testId="purchase-successful-view-purchase"
          />
          {order.receiptToken && (
            <Button
              component={Link}
              to={`/DownloadInvoice/${encodeURIComponent(order.receiptToken)}`}
              target="_blank"
              rel="noopener"
              variant="default"
              leftSection={<IconReceipt size={18} aria-hidden />}
              data-testid="purchase-successful-view-receipt"
            >
              {t('successful.viewReceipt')}
              <ExternalLinkHint />
            </Button>
          )}
        </>
      }
    >
      <Box w="100%" data-testid="purchase-successful-facts">
        <FactList facts={facts} variant="caption" valueSize="md" cols={1} verticalSpacing="sm" />
      </Box>
      <Text c="dimmed" data-testid="purchase-successful-setup">
        {t(`successful.next.${order.purchaseKind}`)}
      </Text>
    </ResultPanel>
  );
}

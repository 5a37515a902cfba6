import { Button, Center, Loader, Text, VisuallyHidden } from '@mantine/core';
import { IconAlertTriangle, IconQuestionMark, IconReceiptOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { orderMessages } from '@cloud-portal/contract/orders/order-messages';
import { useContractMessages } from '@/lib/use-contract-messages';
import { OrderReference, PurchasesButton } from './result-actions';
import { ResultPanel } from './result-panel';

/** The address names no order (a gateway that dropped our reference, a link cut short). */
export function NoReferencePanel() {
  const { t } = useTranslation('paymentResult');
  return (
    <ResultPanel
      icon={<IconQuestionMark size={40} />}
      color="orange"
      title={t('status.noReferenceTitle')}
      testId="payment-result-no-reference"
      actions={<PurchasesButton />}
    >
      <Text c="dimmed">{t('status.noReferenceText')}</Text>
    </ResultPanel>
  );
}

/** 404: not an order of this customer's ('This order does not exist'). */
export function OrderNotFoundPanel({ error }: { error: unknown }) {
  const { t } = useTranslation('paymentResult');
  const { translateError } = useContractMessages('paymentResult', orderMessages);
  return (
    <ResultPanel
      icon={<IconReceiptOff size={40} />}
      color="orange"
      title={translateError(error)}
      testId="payment-result-not-found"
      actions={<PurchasesButton />}
    >
      <Text c="dimmed">{t('status.notFoundText')}</Text>
    </ResultPanel>
  );
}

/** The order's status could not be read (the server or the network failed): try again. */
export function OrderLoadErrorPanel({
  title,
  error,
  orderID,
  onRetry,
  isRetrying,
}: {
  title: string;
  error: unknown;
  orderID: string;
  onRetry: () => void;
  isRetrying: boolean;
}) {
  const { t } = useTranslation('paymentResult');
  const { translateError } = useContractMessages('paymentResult', orderMessages);
  return (
    <ResultPanel
      icon={<IconAlertTriangle size={40} />}
      color="red"
      title={title}
      testId="payment-result-error"
      actions={
        <>
          <Button onClick={onRetry} loading={isRetrying} data-testid="payment-result-retry">
            {t('status.checkAgain')}
          </Button>
          <PurchasesButton variant="default" />
        </>
      }
    >
      <Text role="alert">{translateError(error)}</Text>
      <OrderReference orderID={orderID} />
    </ResultPanel>
  );
}

/** While a result page reads its order. */
export function OrderLoading() {
  const { t } = useTranslation();
  return (
    <Center py={96} aria-busy="true" data-testid="payment-result-loading">
      <Loader size="lg" aria-hidden />
      <VisuallyHidden role="status">{t('common.loading')}</VisuallyHidden>
    </Center>
  );
}

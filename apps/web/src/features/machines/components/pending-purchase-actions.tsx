import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Button, Group, VisuallyHidden } from '@mantine/core';
import { IconLock, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { orderMessages } from '@cloud-portal/contract/orders/order-messages';
import type { TPurchaseHistoryRow } from '@cloud-portal/contract/orders/purchase-history';
import { getErrorMessage } from '@/lib/error-message';
import { showErrorToast, showSuccessToast } from '@/lib/notify';
import { useCancelOrder, useResumeOrderPayment } from '@/lib/pending-order-api';
import { purchaseInvoicePath } from './purchase-history-format';
import { ConfirmModal } from './vm-actions/confirm-modal';

/** The server's refusals of a pending order's Pay or Cancel, by their English text. */
const REFUSALS: Readonly<Record<string, string>> = {
  [orderMessages.orderAlreadyPaid]: 'alreadyPaid',
  [orderMessages.orderExpired]: 'expired',
  [orderMessages.orderClosed]: 'closed',
  [orderMessages.orderNotFound]: 'notFound',
};

/**
 * Pay and Cancel of a pending purchase that has not expired (ADR 016): Pay asks the server to
 * start its payment again and opens its invoice; Cancel asks first, then cancels it.
 */
export function PendingPurchaseActions({
  row,
  fullWidth = false,
}: {
  row: TPurchaseHistoryRow;
  fullWidth?: boolean;
}) {
  const { t } = useTranslation('accounts');
  const { t: tCommon } = useTranslation();
  const translate = t as unknown as (key: string) => string;
  const navigate = useNavigate();
  const resume = useResumeOrderPayment();
  const cancel = useCancelOrder();
  const [isAsking, setIsAsking] = useState(false);
  const what = t('purchaseHistory.pendingOf', { product: row.vmName, id: row.orderID });

  const messageOf = (error: unknown) => {
    const text = getErrorMessage(error, tCommon);
    const key = REFUSALS[text];
    return key ? translate(`purchaseHistory.refusals.${key}`) : text;
  };

  const pay = async () => {
    try {
      const order = await resume.mutateAsync(row.orderID);
      await navigate(purchaseInvoicePath(row), { state: { order } });
    } catch (error) {
      showErrorToast({ message: messageOf(error) });
    }
  };

  const confirmCancel = async () => {
    try {
      await cancel.mutateAsync(row.orderID);
      setIsAsking(false);
      showSuccessToast({ message: t('purchaseHistory.cancelled') });
    } catch {
      // The dialog shows why (cancel.error); the list is asked again either way.
    }
  };

  return (
    <>
      <Group gap="xs" wrap="nowrap" grow={fullWidth} data-testid="purchase-pending-actions">
        <Button
          size="xs"
          leftSection={<IconLock size={14} aria-hidden />}
          onClick={() => void pay()}
          loading={resume.isPending}
          data-testid="purchase-pay"
        >
          {t('purchaseHistory.pay')}
          <VisuallyHidden> {what}</VisuallyHidden>
        </Button>
        <Button
          size="xs"
          variant="default"
          leftSection={<IconX size={14} aria-hidden />}
          onClick={() => {
            cancel.reset();
            setIsAsking(true);
          }}
          data-testid="purchase-cancel"
        >
          {t('purchaseHistory.cancel')}
          <VisuallyHidden> {what}</VisuallyHidden>
        </Button>
      </Group>
      <ConfirmModal
        opened={isAsking}
        onClose={() => setIsAsking(false)}
        onConfirm={() => void confirmCancel()}
        title={t('purchaseHistory.cancelTitle')}
        text={t('purchaseHistory.cancelText', { product: row.vmName, id: row.orderID })}
        noLabel={t('purchaseHistory.cancelNo')}
        yesLabel={t('purchaseHistory.cancelYes')}
        isPending={cancel.isPending}
        error={cancel.error ? messageOf(cancel.error) : null}
        testId="purchase-cancel-dialog"
      />
    </>
  );
}

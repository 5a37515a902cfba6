import { Link } from 'react-router';
import { Button, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconArrowLeft, IconFileInvoice, IconFileOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { TOrderResponse } from '@cloud-portal/contract/orders/create-order';
import { orderMessages } from '@cloud-portal/contract/orders/order-messages';
import { showErrorToast } from '@/lib/notify';
import { useContractMessages } from '@/lib/use-contract-messages';
import { useOrderStatus } from '@/lib/order-status-api';
import { useResumeOrderPayment } from '@/lib/pending-order-api';
import { InvoicePaid } from './invoice-paid';

/**
 * The invoice is neither in the navigation state nor kept in this tab (opened in another tab,
 * the tab was closed, or the address was typed). A pending order can be opened here again (its
 * payment is started again, ADR 016); a paid one shows as paid with its receipt; any other leads
 * back to the product the order was for when the server still knows the order, else to the
 * marketplace.
 */
export function InvoiceClosed({
  orderID,
  onResumed,
}: {
  orderID: string | null;
  onResumed?: (order: TOrderResponse) => void;
}) {
  const { t } = useTranslation('checkout');
  const { translateError } = useContractMessages('checkout', orderMessages);
  const status = useOrderStatus(orderID, { retry: false });
  const resume = useResumeOrderPayment();
  const productID = status.data?.productID ?? null;

  if (status.data?.status === 'paid') return <InvoicePaid status={status.data} />;

  const isPending = status.data?.status === 'pending' && onResumed !== undefined;
  const open = async () => {
    try {
      onResumed?.(await resume.mutateAsync(status.data!.orderID));
    } catch (error) {
      showErrorToast({ message: translateError(error) });
      void status.refetch();
    }
  };

  return (
    <Paper withBorder radius="lg" p={{ base: 'lg', sm: 'xl' }} data-testid="invoice-closed">
      <Stack align="center" ta="center" gap="md">
        <ThemeIcon size={64} radius="xl" variant="light" color="gray" aria-hidden>
          {isPending ? <IconFileInvoice size={34} /> : <IconFileOff size={34} />}
        </ThemeIcon>
        <Title order={1} fz={{ base: 22, sm: 28 }}>
          {isPending ? t('closed.pendingTitle') : t('closed.title')}
        </Title>
        <Text c="dimmed" maw={480}>
          {isPending ? t('closed.pendingText') : t('closed.text')}
        </Text>
        {isPending ? (
          <Button
            leftSection={<IconFileInvoice size={18} aria-hidden />}
            loading={resume.isPending}
            onClick={() => void open()}
            data-testid="invoice-closed-open"
          >
            {t('closed.openHere')}
          </Button>
        ) : (
          <Button
            component={Link}
            to={productID === null ? '/marketplace' : `/productdetails/${productID}`}
            leftSection={<IconArrowLeft size={18} aria-hidden />}
            loading={status.isLoading}
            data-testid="invoice-closed-link"
          >
            {productID === null ? t('closed.toMarketplace') : t('closed.backToProduct')}
          </Button>
        )}
      </Stack>
    </Paper>
  );
}

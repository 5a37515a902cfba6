import { useState } from 'react';
import { Alert, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconArrowRight, IconLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { TOrderResponse } from '@cloud-portal/contract/orders/create-order';
import { orderMessages } from '@cloud-portal/contract/orders/order-messages';
import { formatAmount } from '@/lib/format-amount';
import { useContractMessages } from '@/lib/use-contract-messages';
import { GATEWAY_KEYS } from '@/lib/gateway-keys';
import { LicenceChooser, NO_LICENCE, type LicenceChoice } from './licence-chooser';
import { useHasExpired } from '@/lib/use-has-expired';
import { hasLicenceAtServer, usePay } from './use-pay';

type Props = {
  order: TOrderResponse;
  onOrderUpdated: (order: TOrderResponse) => void;
};

/**
 * The foot of the invoice: the licence PDF when the product needs one, and Pay, disabled until
 * the licence is chosen (§2.5, §5), and for an order that can no longer be paid.
 */
export function PayPanel({ order, onOrderUpdated }: Props) {
  const { t, i18n } = useTranslation('checkout');
  const { translateMessage } = useContractMessages('checkout', orderMessages);
  const [licence, setLicence] = useState<LicenceChoice>(NO_LICENCE);
  const payment = usePay(order, {
    onOrderUpdated,
    onLicenceRefused: (problem) =>
      setLicence((current) =>
        current.status === 'none' ? current : { status: 'invalid', file: current.file, problem },
      ),
  });
  const hasExpired = useHasExpired(order.expiresAt);
  const isClosed =
    hasExpired ||
    order.status === 'expired' ||
    order.status === 'failed' ||
    order.status === 'cancelled';
  const isPaid = order.status === 'paid';
  const needsLicence = order.licenceRequired === 1 && !isPaid && !hasLicenceAtServer(order);
  const hasLicence = licence.status === 'ready';
  const canPay = !isClosed && (!needsLicence || hasLicence);
  const charged = formatAmount(order.amount, order.currencyCode, i18n.language);
  const expiresAt = new Date(order.expiresAt);
  const isExpiryToday = expiresAt.toDateString() === new Date().toDateString();

  const hint = isClosed
    ? null
    : needsLicence && !hasLicence
      ? t('pay.needsLicence')
      : isPaid || order.byPassFlag === 1 || order.paymentMode === null
        ? t('pay.noGatewayHint')
        : t('pay.gatewayHint', {
            gateway: t(`gateways.${GATEWAY_KEYS[order.paymentMode]}`),
            amount: charged,
          });

  return (
    <Paper
      withBorder
      radius="lg"
      p={{ base: 'md', sm: 'xl' }}
      component="section"
      aria-label={t('pay.sectionLabel')}
    >
      <Stack gap="md">
        {isClosed && (
          <Alert
            color="orange"
            variant="light"
            icon={<IconAlertCircle size={20} aria-hidden />}
            role="alert"
            data-testid="invoice-expired"
          >
            {order.status === 'failed' || order.status === 'cancelled'
              ? t(`closedStatus.${order.status}`)
              : translateMessage(orderMessages.orderExpired)}
          </Alert>
        )}
        {hasLicenceAtServer(order) && !isClosed && (
          <Text size="sm" c="teal.9" data-testid="licence-sent">
            {t('licence.sent')}
          </Text>
        )}
        {needsLicence && !isClosed && (
          <LicenceChooser
            choice={licence}
            onChange={setLicence}
            translateMessage={translateMessage}
            disabled={payment.isPaying}
          />
        )}
        <Group justify="space-between" align="center" gap="md" wrap="wrap">
          <Stack gap={2} miw={0} style={{ flex: '1 1 220px' }}>
            <Text size="sm" c="dimmed">
              {isPaid ? t('pay.total') : t('pay.toPay')}
            </Text>
            <Text fw={700} fz={{ base: 20, sm: 24 }} data-testid="pay-amount">
              {charged}
            </Text>
            {!isClosed && !isPaid && !Number.isNaN(expiresAt.getTime()) && (
              <Text size="xs" c="dimmed">
                {t('pay.holdUntil', {
                  time: new Intl.DateTimeFormat(
                    i18n.language,
                    isExpiryToday
                      ? { timeStyle: 'short' }
                      : { dateStyle: 'medium', timeStyle: 'short' },
                  ).format(expiresAt),
                })}
              </Text>
            )}
          </Stack>
          <Button
            size="md"
            miw={160}
            w={{ base: '100%', xs: 'auto' }}
            leftSection={isPaid ? undefined : <IconLock size={18} aria-hidden />}
            rightSection={isPaid ? <IconArrowRight size={18} aria-hidden /> : undefined}
            onClick={() => void payment.pay(licence.status === 'ready' ? licence.file : null)}
            disabled={!canPay}
            loading={payment.isPaying}
            aria-describedby={hint === null ? undefined : 'pay-hint'}
            data-testid="pay-button"
          >
            {isPaid ? t('pay.continue') : t('pay.button')}
          </Button>
        </Group>
        {hint !== null && (
          <Text id="pay-hint" size="sm" c="dimmed" data-testid="pay-hint">
            {payment.isUploading ? t('pay.uploading') : payment.isPaying ? t('pay.leaving') : hint}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}

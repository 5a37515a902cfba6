import { Link } from 'react-router';
import { Alert, Button, Flex, Group, Paper, Stack, Text } from '@mantine/core';
import { IconCircleCheck, IconListDetails, IconReceipt } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { TOrderStatusResponse } from '@cloud-portal/contract/orders/get-order-status';
import { ExternalLinkHint } from '@/components/external-link-hint';
import { formatAmount } from '@/lib/format-amount';
import { receiptPathOf } from './invoice-status';

/** The profile's Purchase History tab. */
const PURCHASES_PATH = '/CustomerProfile/2';

/**
 * The foot of an invoice whose order is paid (opened again, or paid in another tab): what was
 * paid, its receipt and the purchases, never Pay.
 */
export function InvoicePaid({ status }: { status: TOrderStatusResponse }) {
  const { t, i18n } = useTranslation('checkout');
  const receipt = receiptPathOf(status);
  return (
    <Paper
      withBorder
      radius="lg"
      p={{ base: 'md', sm: 'xl' }}
      component="section"
      aria-label={t('pay.sectionLabel')}
      data-testid="invoice-paid"
    >
      <Stack gap="md">
        <Alert
          color="green"
          variant="light"
          icon={<IconCircleCheck size={20} aria-hidden />}
          title={t('paid.title')}
        >
          <Text size="sm" c="green.9">
            {t('paid.text')}
          </Text>
        </Alert>
        <Group justify="space-between" align="center" gap="md" wrap="wrap">
          <Stack gap={2} miw={0} style={{ flex: '1 1 220px' }}>
            <Text size="sm" c="dimmed">
              {t('paid.amount')}
            </Text>
            <Text fw={700} fz={{ base: 20, sm: 24 }} data-testid="invoice-paid-amount">
              {formatAmount(status.amount, status.currencyCode, i18n.language)}
            </Text>
            <Text size="xs" c="dimmed" data-testid="invoice-paid-order">
              {t('paid.order', { id: status.orderID })}
            </Text>
            {status.transactionID && (
              <Text size="xs" c="dimmed">
                {t('paid.transaction', { id: status.transactionID })}
              </Text>
            )}
          </Stack>
          <Flex direction={{ base: 'column', xs: 'row' }} gap="sm" w={{ base: '100%', xs: 'auto' }}>
            <Button
              component={Link}
              to={PURCHASES_PATH}
              variant="default"
              leftSection={<IconListDetails size={18} aria-hidden />}
              data-testid="invoice-paid-purchases"
            >
              {t('paid.purchases')}
            </Button>
            {receipt && (
              <Button
                component={Link}
                to={receipt}
                target="_blank"
                rel="noopener"
                leftSection={<IconReceipt size={18} aria-hidden />}
                data-testid="invoice-paid-receipt"
              >
                {t('paid.receipt')}
                <ExternalLinkHint />
              </Button>
            )}
          </Flex>
        </Group>
      </Stack>
    </Paper>
  );
}

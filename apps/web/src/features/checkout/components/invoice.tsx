import { Badge, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TOrderResponse } from '@cloud-portal/contract/orders/create-order';
import { formatMinor, toMinor } from '@cloud-portal/contract/pricing/money';
import { FactList } from '@/components/fact-list';
import { formatAmount } from '@/lib/format-amount';
import { GATEWAY_KEYS } from '@/lib/gateway-keys';
import { InvoiceMachineRows } from './invoice-machine-rows';
import { purchaseKindKey } from './purchase-kind';
import classes from './invoice.module.css';

type Props = { order: TOrderResponse };

const STATUS_COLORS = {
  pending: 'gray',
  paid: 'teal',
  failed: 'red',
  cancelled: 'orange',
  expired: 'gray',
} as const;

/**
 * The invoice / payment screen's bill (vm-lifecycle.md §2.5): 'Invoice' for Ozow and PayFast
 * (the server's isTaxInvoice), otherwise 'Proforma Invoice'; the order id, the Gold badge, the
 * product, region, period and gateway, the lines and the totals in the product's currency, and
 * the amount charged when the gateway charges another currency (US dollars through PayPal).
 */
export function Invoice({ order }: Props) {
  const { t, i18n } = useTranslation('checkout');
  const money = (amount: string, currency = order.productCurrency) =>
    formatAmount(amount, currency, i18n.language);
  const isConverted = order.currencyCode.toUpperCase() !== order.productCurrency.toUpperCase();
  // A multi-renew lists each machine with its own region and days (a stale tab's copy may lack them).
  const machines = order.machines ?? [];
  const kindKey = purchaseKindKey(order);
  const facts = [
    { label: t('invoice.product'), value: order.vmName },
    ...(machines.length > 0
      ? []
      : [
          { label: t('invoice.region'), value: order.regionName ?? t('invoice.noRegion') },
          { label: t('invoice.period'), value: t('invoice.days', { count: order.timePeriod }) },
        ]),
    {
      label: t('invoice.gateway'),
      value:
        order.paymentMode === null
          ? t('invoice.noGateway')
          : t(`gateways.${GATEWAY_KEYS[order.paymentMode]}`),
    },
  ];
  const taxRow = (
    <SummaryRow label={t('invoice.tax', { percent: order.taxPercent })} testId="invoice-tax">
      {money(order.tax)}
    </SummaryRow>
  );
  const discountRow = (
    <SummaryRow label={t('invoice.discount')} testId="invoice-discount">
      {money(order.discount)}
    </SummaryRow>
  );

  return (
    <Paper
      withBorder
      radius="lg"
      p={{ base: 'md', sm: 'xl' }}
      component="section"
      aria-labelledby="invoice-title"
      data-testid="invoice"
      data-tax-invoice={order.isTaxInvoice}
    >
      <Stack gap="lg">
        <Group justify="space-between" align="flex-start" gap="sm">
          <Stack gap={4} miw={0}>
            <Title
              order={1}
              id="invoice-title"
              fz={{ base: 24, sm: 30 }}
              data-testid="invoice-title"
            >
              {order.isTaxInvoice === 1 ? t('invoice.taxTitle') : t('invoice.proformaTitle')}
            </Title>
            <Text size="sm" c="dimmed">
              {t('invoice.orderId')}{' '}
              <Text
                span
                fw={600}
                c="var(--mantine-color-text)"
                ff="monospace"
                data-testid="invoice-order-id"
              >
                {order.orderID}
              </Text>
            </Text>
          </Stack>
          <Group gap="xs">
            {kindKey && (
              <Badge variant="light" data-testid="invoice-kind">
                {t(`kinds.${kindKey}`)}
              </Badge>
            )}
            {order.isGoldCopy === 1 && (
              <Badge color="yellow" variant="filled" c="dark.8" data-testid="gold-badge">
                {t('invoice.gold')}
              </Badge>
            )}
            {order.IsTest && (
              <Badge color="grape" variant="light" data-testid="test-badge">
                {t('invoice.test')}
              </Badge>
            )}
            {order.status !== 'pending' && (
              <Badge
                color={STATUS_COLORS[order.status]}
                variant="light"
                data-testid="invoice-status"
              >
                {t(`status.${order.status}`)}
              </Badge>
            )}
          </Group>
        </Group>

        <FactList
          facts={facts}
          variant="caption"
          valueSize="md"
          cols={{ base: 2, sm: 4 }}
          spacing="md"
          verticalSpacing="sm"
        />

        <Table.ScrollContainer minWidth={260} type="native">
          <Table
            className={classes.table}
            verticalSpacing="xs"
            horizontalSpacing={8}
            data-testid="invoice-lines"
            data-tax-basis={order.taxBasis}
            captionSide="top"
          >
            <Table.Caption className={classes.caption}>{t('invoice.linesCaption')}</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('invoice.item')}</Table.Th>
                <Table.Th scope="col">{t('invoice.size')}</Table.Th>
                <Table.Th scope="col" ta="right">
                  {t('invoice.price')}
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {machines.length > 0
                ? machines.map((machine, index) => (
                    <InvoiceMachineRows key={index} machine={machine} money={money} />
                  ))
                : order.specification.map((line) => (
                    <Table.Tr
                      key={line.item}
                      data-testid={`invoice-line-${line.item.toLowerCase()}`}
                    >
                      <Table.Th scope="row" fw={500}>
                        {t(`specifications.${line.item}`)}
                      </Table.Th>
                      <Table.Td
                        style={{ whiteSpace: 'nowrap' }}
                      >{`${line.size} ${line.unit}`}</Table.Td>
                      <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                        {money(line.price)}
                      </Table.Td>
                    </Table.Tr>
                  ))}
            </Table.Tbody>
            <Table.Tfoot>
              <SummaryRow label={t('invoice.totalPrice')} testId="invoice-total-price">
                {money(order.cost)}
              </SummaryRow>
              {order.taxBasis === 'afterDiscount' ? (
                <>
                  {discountRow}
                  <SummaryRow label={t('invoice.priceAfterDiscount')} testId="invoice-taxable">
                    {money(formatMinor(toMinor(order.cost) - toMinor(order.discount)))}
                  </SummaryRow>
                  {taxRow}
                </>
              ) : (
                <>
                  {taxRow}
                  {discountRow}
                </>
              )}
              <SummaryRow label={t('invoice.totalPayable')} testId="invoice-total-payable" isStrong>
                {money(order.totalAmount)}
              </SummaryRow>
              {isConverted && (
                <SummaryRow
                  label={t('invoice.amountCharged', { currency: order.currencyCode })}
                  testId="invoice-amount-charged"
                  isStrong
                >
                  {money(order.amount, order.currencyCode)}
                </SummaryRow>
              )}
            </Table.Tfoot>
          </Table>
        </Table.ScrollContainer>
        {isConverted && (
          <Text size="sm" c="dimmed" data-testid="invoice-conversion-note">
            {t('invoice.convertedNote', {
              amount: money(order.amount, order.currencyCode),
              currency: order.currencyCode,
            })}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}

function SummaryRow({
  label,
  testId,
  isStrong = false,
  children,
}: {
  label: string;
  testId: string;
  isStrong?: boolean;
  children: string;
}) {
  return (
    <Table.Tr>
      <Table.Th scope="row" colSpan={2} fw={isStrong ? 700 : 500} fz={isStrong ? 'md' : undefined}>
        {label}
      </Table.Th>
      <Table.Td
        ta="right"
        fw={isStrong ? 700 : 500}
        fz={isStrong ? 'md' : undefined}
        style={{ whiteSpace: 'nowrap' }}
        data-testid={testId}
      >
        {children}
      </Table.Td>
    </Table.Tr>
  );
}

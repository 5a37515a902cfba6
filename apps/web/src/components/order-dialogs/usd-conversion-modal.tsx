import { Button, Group, Modal, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Quote } from '@cloud-portal/contract/marketplace/configuration-rules';
import { ZAR_TO_USD_RATE } from '@cloud-portal/contract/pricing/vm-pricing';
import { formatAmount } from '@/lib/format-amount';
import { toUsd, toUsdFigures } from './usd-conversion';

/** The figures the dialog converts (a new purchase's Total Value, or an order screen's bill). */
export type UsdBill = Pick<
  Quote,
  'totalPrice' | 'discountAmount' | 'taxPercent' | 'taxAmount' | 'totalPayable'
>;

/** A line of the bill beyond price, discount and tax (a renewal's arrears), in rand. */
export type ExtraBillRow = { key: string; label: string; amount: string };

type Props = {
  opened: boolean;
  /** The bill in rand, as the Total Value table shows it. */
  quote: UsdBill;
  extraRows?: readonly ExtraBillRow[];
  currency: string;
  onClose: () => void;
  onProceed: () => void;
  isOrdering: boolean;
};

const USD = 'USD';

/**
 * PayPal ZAR conversion confirm (vm-lifecycle.md §2.11, §9): PayPal does not take rand, so the
 * price, tax and total payable are shown in US dollars at 1 ZAR = 0.063 USD, 2 decimals, and the
 * customer chooses whether to continue in USD (No / Proceed).
 */
export function UsdConversionModal({
  opened,
  quote,
  extraRows = [],
  currency,
  onClose,
  onProceed,
  isOrdering,
}: Props) {
  const { t, i18n } = useTranslation('products');
  const usd = toUsdFigures(quote);
  const rows = [
    { key: 'price', label: t('conversion.price'), from: quote.totalPrice, to: usd.totalPrice },
    ...(quote.discountAmount === '0.00'
      ? []
      : [
          {
            key: 'discount',
            label: t('conversion.discount'),
            from: quote.discountAmount,
            to: usd.discountAmount,
          },
        ]),
    {
      key: 'tax',
      label: t('conversion.tax', { percent: quote.taxPercent }),
      from: quote.taxAmount,
      to: usd.taxAmount,
    },
    ...extraRows.map((row) => ({ ...row, from: row.amount, to: toUsd(row.amount) })),
  ];
  const money = (amount: string, code: string) => formatAmount(amount, code, i18n.language);

  return (
    <Modal
      opened={opened}
      onClose={() => {
        if (!isOrdering) onClose();
      }}
      title={t('conversion.title')}
      size="md"
      attributes={{ content: { 'data-testid': 'usd-conversion-modal' } }}
    >
      <Stack gap="md">
        <Text size="sm">
          {t('conversion.intro', {
            rate: new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 6 }).format(
              ZAR_TO_USD_RATE.numerator / ZAR_TO_USD_RATE.denominator,
            ),
          })}
        </Text>
        <Table.ScrollContainer minWidth={280} type="native">
          <Table verticalSpacing="xs" horizontalSpacing={8} data-testid="usd-conversion-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('conversion.item')}</Table.Th>
                <Table.Th scope="col" ta="right">
                  {currency}
                </Table.Th>
                <Table.Th scope="col" ta="right">
                  {USD}
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row) => (
                <Table.Tr key={row.key}>
                  <Table.Th scope="row" fw={500}>
                    {row.label}
                  </Table.Th>
                  <Table.Td ta="right" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                    {money(row.from, currency)}
                  </Table.Td>
                  <Table.Td
                    ta="right"
                    style={{ whiteSpace: 'nowrap' }}
                    data-testid={`usd-${row.key}`}
                  >
                    {money(row.to, USD)}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
            <Table.Tfoot>
              <Table.Tr>
                <Table.Th scope="row" fw={700}>
                  {t('conversion.totalPayable')}
                </Table.Th>
                <Table.Td ta="right" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                  {money(quote.totalPayable, currency)}
                </Table.Td>
                <Table.Td
                  ta="right"
                  fw={700}
                  style={{ whiteSpace: 'nowrap' }}
                  data-testid="usd-total"
                >
                  {money(usd.totalPayable, USD)}
                </Table.Td>
              </Table.Tr>
            </Table.Tfoot>
          </Table>
        </Table.ScrollContainer>
        <Text size="sm" fw={600}>
          {t('conversion.question')}
        </Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={isOrdering} data-autofocus>
            {t('buyNow.no')}
          </Button>
          <Button onClick={onProceed} loading={isOrdering} data-testid="usd-conversion-proceed">
            {t('buyNow.proceed')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

import { Group, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Quote } from '@cloud-portal/contract/marketplace/configuration-rules';
import { formatAmount } from '@/lib/format-amount';
import classes from './total-value-table.module.css';

type Props = {
  quote: Quote;
  currency: string;
  /** False while no period is chosen: the bill is the 30-day price. */
  hasChosenPeriod: boolean;
  isChecking: boolean;
  isUpdatedByProvider: boolean;
  /** Why the server could not confirm the bill (already translated), if it could not. */
  problem: string | null;
};

/**
 * The Total Value table (vm-lifecycle.md §2.1): item, size, price and discount per line, then
 * Total Price, Tax (percent), Discount and Total Payable, every amount with 2 decimals. For a
 * company that taxes the discounted price the summary reads in that order instead: Total Price,
 * Discount, Price after discount, Tax, Total Payable.
 */
export function TotalValueTable({
  quote,
  currency,
  hasChosenPeriod,
  isChecking,
  isUpdatedByProvider,
  problem,
}: Props) {
  const { t, i18n } = useTranslation('products');
  const money = (amount: string) => formatAmount(amount, currency, i18n.language);
  const taxRow = (
    <SummaryRow label={t('totalValue.tax', { percent: quote.taxPercent })} testId="tax-amount">
      {money(quote.taxAmount)}
    </SummaryRow>
  );
  const discountRow = (
    <SummaryRow label={t('totalValue.discountTotal')} testId="discount-amount">
      {money(quote.discountAmount)}
    </SummaryRow>
  );

  return (
    <Stack gap="sm">
      <Title order={2} id="total-value-heading" fz={{ base: 20, sm: 22 }}>
        {t('totalValue.heading')}
      </Title>
      <Text size="sm" c="dimmed" data-testid="priced-days">
        {hasChosenPeriod
          ? t('totalValue.pricedFor', { count: quote.days })
          : t('totalValue.defaultPeriod')}
      </Text>
      <Table.ScrollContainer minWidth={260} type="native">
        <Table
          className={classes.table}
          aria-labelledby="total-value-heading"
          aria-busy={isChecking}
          verticalSpacing="xs"
          horizontalSpacing={8}
          data-testid="total-value"
          data-tax-basis={quote.taxBasis}
          style={{ opacity: isChecking ? 0.75 : 1, transition: 'opacity 120ms' }}
        >
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('totalValue.item')}</Table.Th>
              <Table.Th scope="col">{t('totalValue.size')}</Table.Th>
              <Table.Th scope="col" ta="right">
                {t('totalValue.price')}
              </Table.Th>
              <Table.Th scope="col" ta="right">
                {t('totalValue.discount')}
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {quote.lines.map((line) => (
              <Table.Tr key={line.item} data-testid={`line-${line.item.toLowerCase()}`}>
                <Table.Th scope="row" fw={500}>
                  {t(`specifications.${line.item}`)}
                </Table.Th>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{`${line.size} ${line.unit}`}</Table.Td>
                <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                  {money(line.price)}
                </Table.Td>
                <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                  {money(line.discount)}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
          <Table.Tfoot>
            <SummaryRow label={t('totalValue.totalPrice')} testId="total-price">
              {money(quote.totalPrice)}
            </SummaryRow>
            {quote.taxBasis === 'afterDiscount' ? (
              <>
                {discountRow}
                <SummaryRow label={t('totalValue.priceAfterDiscount')} testId="taxable-amount">
                  {money(quote.taxableAmount)}
                </SummaryRow>
                {taxRow}
              </>
            ) : (
              <>
                {taxRow}
                {discountRow}
              </>
            )}
            <SummaryRow label={t('totalValue.totalPayable')} testId="total-payable" isStrong>
              {money(quote.totalPayable)}
            </SummaryRow>
          </Table.Tfoot>
        </Table>
      </Table.ScrollContainer>
      <div role="status" aria-live="polite">
        {isChecking ? (
          <Group gap={6} data-testid="quote-checking">
            <Loader size={14} aria-hidden />
            <Text size="xs" c="dimmed">
              {t('totalValue.checking')}
            </Text>
          </Group>
        ) : problem ? (
          <Text size="xs" c="red.8" data-testid="quote-problem">
            {problem}
          </Text>
        ) : isUpdatedByProvider ? (
          <Text size="xs" c="orange.9" fw={600} data-testid="prices-updated">
            {t('totalValue.pricesUpdated')}
          </Text>
        ) : null}
      </div>
    </Stack>
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
      <Table.Th scope="row" colSpan={3} fw={isStrong ? 700 : 500} fz={isStrong ? 'md' : undefined}>
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

import { Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatAmount } from '@/lib/format-amount';
import classes from './bill-table.module.css';

export type BillColumn = { key: string; label: string; isAmount?: boolean };

/** A line of the bill: one text per column; amount columns hold 2-decimal strings. */
export type BillLine = { key: string; cells: Record<string, string> };

export type BillSummaryRow = { key: string; label: string; amount: string; isStrong?: boolean };

type Props = {
  headingId: string;
  heading: string;
  /** The items table above the summary (renew's sizes, update's changed lines); none for clone. */
  columns?: readonly BillColumn[];
  lines?: readonly BillLine[];
  /** Shown in place of lines when there are none (an update that changes nothing yet). */
  emptyLines?: string;
  summary: readonly BillSummaryRow[];
  currency: string;
  /** Why the bill is what it is (the period, the server's prices). */
  note?: string | null;
};

/**
 * The bill of an order screen (vm-lifecycle.md §2.2–§2.4): its items, if any, then the summary
 * (Total Price, Tax(percent), arrears, Total Payable Amount), every amount with 2 decimals.
 */
export function BillTable({
  headingId,
  heading,
  columns = [],
  lines = [],
  emptyLines,
  summary,
  currency,
  note,
}: Props) {
  const { i18n } = useTranslation('vmOrders');
  const money = (amount: string) => formatAmount(amount, currency, i18n.language);
  const span = Math.max(1, columns.length - 1);
  const hasItems = columns.length > 0;

  return (
    <Stack gap="sm">
      <Title order={2} id={headingId} fz={{ base: 20, sm: 22 }}>
        {heading}
      </Title>
      {note && (
        <Text size="sm" c="dimmed" data-testid="bill-note">
          {note}
        </Text>
      )}
      <Table.ScrollContainer minWidth={260} type="native">
        <Table
          className={classes.table}
          aria-labelledby={headingId}
          verticalSpacing="xs"
          horizontalSpacing={8}
          data-testid="bill"
        >
          {hasItems && (
            <>
              <Table.Thead>
                <Table.Tr>
                  {columns.map((column) => (
                    <Table.Th
                      key={column.key}
                      scope="col"
                      ta={column.isAmount ? 'right' : undefined}
                    >
                      {column.label}
                    </Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {lines.length === 0 && emptyLines ? (
                  <Table.Tr>
                    <Table.Td colSpan={columns.length} c="dimmed" data-testid="bill-no-lines">
                      {emptyLines}
                    </Table.Td>
                  </Table.Tr>
                ) : (
                  lines.map((line) => (
                    <Table.Tr key={line.key} data-testid={`bill-line-${line.key}`}>
                      {columns.map((column, index) =>
                        index === 0 ? (
                          <Table.Th key={column.key} scope="row" fw={500}>
                            {line.cells[column.key]}
                          </Table.Th>
                        ) : (
                          <Table.Td
                            key={column.key}
                            ta={column.isAmount ? 'right' : undefined}
                            className={classes.nowrap}
                          >
                            {column.isAmount
                              ? money(line.cells[column.key] ?? '0.00')
                              : line.cells[column.key]}
                          </Table.Td>
                        ),
                      )}
                    </Table.Tr>
                  ))
                )}
              </Table.Tbody>
            </>
          )}
          <Table.Tfoot className={hasItems ? undefined : classes.summaryOnly}>
            {summary.map((row) => (
              <Table.Tr key={row.key}>
                <Table.Th
                  scope="row"
                  colSpan={hasItems ? span : undefined}
                  fw={row.isStrong ? 700 : 500}
                  fz={row.isStrong ? 'md' : undefined}
                >
                  {row.label}
                </Table.Th>
                <Table.Td
                  ta="right"
                  fw={row.isStrong ? 700 : 500}
                  fz={row.isStrong ? 'md' : undefined}
                  className={classes.nowrap}
                  data-testid={`bill-${row.key}`}
                >
                  {money(row.amount)}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tfoot>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}

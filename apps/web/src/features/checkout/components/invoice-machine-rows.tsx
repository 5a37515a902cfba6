import { Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TInvoiceMachine } from '@cloud-portal/contract/orders/generate-invoice';

type Props = { machine: TInvoiceMachine; money: (amount: string) => string };

/**
 * One machine of a multi-renew on the invoice: a heading row with its name, region and days
 * (and arrears when it had expired), then its own lines.
 */
export function InvoiceMachineRows({ machine, money }: Props) {
  const { t } = useTranslation('checkout');
  const facts = [
    machine.region ?? t('invoice.noRegion'),
    t('invoice.days', { count: machine.days }),
    ...(machine.arrears === '0.00'
      ? []
      : [t('invoice.machineArrears', { amount: money(machine.arrears) })]),
  ];
  return (
    <>
      <Table.Tr data-testid="invoice-machine" bg="var(--mantine-color-default-hover)">
        <Table.Th scope="colgroup" colSpan={3}>
          <Text span fw={700} size="sm" data-testid="invoice-machine-name">
            {machine.vmName}
          </Text>{' '}
          <Text span c="dimmed" size="xs" data-testid="invoice-machine-facts">
            {facts.join(' · ')}
          </Text>
        </Table.Th>
      </Table.Tr>
      {machine.lines.map((line) => (
        <Table.Tr key={line.item} data-testid={`invoice-machine-line-${line.item.toLowerCase()}`}>
          <Table.Th scope="row" fw={500} ps="md">
            {t(`specifications.${line.item}`)}
          </Table.Th>
          <Table.Td style={{ whiteSpace: 'nowrap' }}>{`${line.count} ${line.unit}`}</Table.Td>
          <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
            {money(line.price)}
          </Table.Td>
        </Table.Tr>
      ))}
    </>
  );
}

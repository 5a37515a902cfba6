import { useId, useMemo } from 'react';
import { useParams } from 'react-router';
import { Card, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useViewportQuery } from '@/lib/assumed-viewport';
import { useTranslation } from 'react-i18next';
import { decodeRenewSelection } from '@cloud-portal/contract/vms/renew-selection';
import type {
  TGetVmDataForMultipleRenewResponse,
  TMultiRenewVm,
} from '@cloud-portal/contract/vms/renew-vm';
import { FactList } from '@/components/fact-list';
import { formatAmount } from '@/lib/format-amount';
import { useBuyNow } from '@/components/order-dialogs/use-buy-now';
import { useVmDataForMultipleRenew } from '../api/get-vm-data-for-multiple-renew';
import { renewSelectedVm } from '../api/renew-selected-vm';
import { onOrderRefused, paymentFields } from '../components/order-submission';
import { useVmOrderMessages } from '../components/vm-order-texts';
import { BuyNowButton, OrderDialogs, preloadOrderDialogs } from '../components/order-actions';
import { useGoBack } from '../components/back-to-previous';
import { BillTable } from '../components/bill-table';
import { multiRenewBill } from '../components/renew-bill';
import { useBillLabels } from '../components/use-bill-labels';
import { VmLoadState } from '../components/vm-load-state';
import { VmOrderColumns, VmOrderFrame } from '../components/vm-order-frame';
import classes from './renew-multiple-vm-page.module.css';

/** Seven columns need a laptop's width; narrower screens get one card per VM. */
const TABLE_QUERY = '(min-width: 62em)';

/**
 * /renewMultipleVM/{value} (vm-lifecycle.md §2.4): the selected machines (value: their ids,
 * renew-selection.ts), each renewed for its own period, one bill with the arrears summed, and Buy
 * Now → /purchasedetails/5.
 */
export function RenewMultipleVmPage() {
  const { t } = useTranslation('vmOrders');
  const { value = '' } = useParams();
  const vmIds = useMemo(() => decodeRenewSelection(value), [value]);
  const detail = useVmDataForMultipleRenew(vmIds);
  return (
    <VmOrderFrame title={t('multiRenew.title')}>
      <VmLoadState vmId={vmIds} query={detail}>
        {(data) => (
          <RenewMultipleVm
            data={data}
            vmIds={vmIds ?? []}

            onRefresh={() => void detail.refetch()}
          />
        )}
      </VmLoadState>
    </VmOrderFrame>
  );
}

function RenewMultipleVm({
  data,
  vmIds,
  onRefresh,
}: {
  data: TGetVmDataForMultipleRenewResponse;
  vmIds: readonly number[];
  onRefresh: () => void;
}) {
  const { t } = useTranslation('vmOrders');
  const labels = useBillLabels();
  const messages = useVmOrderMessages();
  const goBack = useGoBack();
  const isTable = useViewportQuery(TABLE_QUERY);
  const listHeadingId = useId();
  const billHeadingId = useId();
  const currency = data.taxData.currency;
  const bill = multiRenewBill(data.quote, data.taxData.taxValue, {
    ...labels,
    mixedTax: t('bill.mixedTax'),
  });

  const purchase = useBuyNow({
    kind: 5,
    offer: { paymentGateway: data.paymentGateway, byPassflag: data.byPassflag, currency },
    submit: (payment) =>
      renewSelectedVm({
        renewVMData: [...vmIds],
        totalAmount: data.quote.totalPayable,
        ...paymentFields(payment),
      }),
    onRefused: onOrderRefused({ onPriceChanged: onRefresh, onUnavailable: goBack }),
    messages,
  });

  return (
    <>
      <VmOrderColumns
        billHeadingId={billHeadingId}
        main={
          <Paper
            withBorder
            radius="lg"
            p={{ base: 'md', sm: 'lg' }}
            component="section"
            aria-labelledby={listHeadingId}
          >
            <Stack gap="md">
              <Title order={2} id={listHeadingId} fz={{ base: 20, sm: 22 }}>
                {t('multiRenew.heading', { count: data.VMProductDetail.length })}
              </Title>
              <Text size="sm" c="dimmed">
                {t('multiRenew.intro')}
              </Text>
              {isTable ? (
                <MachinesTable rows={data.VMProductDetail} currency={currency} />
              ) : (
                <MachineCards rows={data.VMProductDetail} currency={currency} />
              )}
            </Stack>
          </Paper>
        }
        bill={
          <>
            <BillTable
              headingId={billHeadingId}
              heading={t('bill.heading')}
              summary={bill.summary}
              currency={currency}
            />
            <BuyNowButton
              purchase={purchase}
              onIntent={preloadOrderDialogs}
              onClick={purchase.start}
            />
          </>
        }
      />
      <OrderDialogs purchase={purchase} bill={bill} currency={currency} />
    </>
  );
}

/** The texts of one machine's row, as both layouts show them. */
function useRowTexts(currency: string) {
  const { t, i18n } = useTranslation('vmOrders');
  return (vm: TMultiRenewVm) => ({
    processor: t('multiRenew.cores', { count: vm.cpu_Count }),
    memory: t('card.gigabytes', { count: vm.ram_Count }),
    disk: t('card.gigabytes', { count: vm.disk_Count }),
    daysExtended: t('card.days', { count: vm.daysExtended }),
    amount: formatAmount(vm.vm_Cost, currency, i18n.language),
    period: t('multiRenew.renewFor', { count: vm.renewDays }),
  });
}

function MachinesTable({ rows, currency }: { rows: readonly TMultiRenewVm[]; currency: string }) {
  const { t } = useTranslation('vmOrders');
  const textsOf = useRowTexts(currency);
  return (
    <Table.ScrollContainer minWidth={640} type="native">
      <Table verticalSpacing="sm" striped="even" data-testid="multi-renew-table">
        <caption className={classes.caption}>{t('multiRenew.caption')}</caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('multiRenew.columns.vmName')}</Table.Th>
            <Table.Th scope="col">{t('multiRenew.columns.os')}</Table.Th>
            <Table.Th scope="col">{t('multiRenew.columns.processor')}</Table.Th>
            <Table.Th scope="col">{t('multiRenew.columns.memory')}</Table.Th>
            <Table.Th scope="col">{t('multiRenew.columns.disk')}</Table.Th>
            <Table.Th scope="col">{t('multiRenew.columns.daysExtended')}</Table.Th>
            <Table.Th scope="col" ta="right">
              {t('multiRenew.columns.amount')}
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((vm) => {
            const texts = textsOf(vm);
            return (
              <Table.Tr key={vm.ID} data-testid="multi-renew-row">
                <Table.Th scope="row" fw={600}>
                  <span className={classes.name}>{vm.vmName}</span>
                  <Text size="xs" c="dimmed" fw={400}>
                    {texts.period}
                  </Text>
                </Table.Th>
                <Table.Td>{vm.osType}</Table.Td>
                <Table.Td className={classes.nowrap}>{texts.processor}</Table.Td>
                <Table.Td className={classes.nowrap}>{texts.memory}</Table.Td>
                <Table.Td className={classes.nowrap}>{texts.disk}</Table.Td>
                <Table.Td className={classes.nowrap}>{texts.daysExtended}</Table.Td>
                <Table.Td ta="right" className={classes.nowrap}>
                  {texts.amount}
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function MachineCards({ rows, currency }: { rows: readonly TMultiRenewVm[]; currency: string }) {
  const { t } = useTranslation('vmOrders');
  const textsOf = useRowTexts(currency);
  return (
    <Stack component="ul" gap="sm" className={classes.cards} aria-label={t('multiRenew.caption')}>
      {rows.map((vm) => {
        const texts = textsOf(vm);
        const headingId = `multi-renew-${vm.ID}`;
        return (
          <li key={vm.ID}>
            <Card
              component="article"
              withBorder
              radius="md"
              padding="md"
              aria-labelledby={headingId}
              data-testid="multi-renew-row"
            >
              <Stack gap="sm">
                <div>
                  <Text component="h3" fw={600} m={0} id={headingId} className={classes.name}>
                    {vm.vmName}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {texts.period}
                  </Text>
                </div>
                <FactList
                  variant="plain"
                  cols={2}
                  spacing="sm"
                  verticalSpacing="xs"
                  facts={[
                    { label: t('multiRenew.columns.os'), value: vm.osType },
                    { label: t('multiRenew.columns.processor'), value: texts.processor },
                    { label: t('multiRenew.columns.memory'), value: texts.memory },
                    { label: t('multiRenew.columns.disk'), value: texts.disk },
                    { label: t('multiRenew.columns.daysExtended'), value: texts.daysExtended },
                    { label: t('multiRenew.columns.amount'), value: texts.amount },
                  ]}
                />
              </Stack>
            </Card>
          </li>
        );
      })}
    </Stack>
  );
}

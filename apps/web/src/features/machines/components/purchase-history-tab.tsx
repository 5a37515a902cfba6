import { Badge, Button, Card, Group, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { useViewportQuery } from '@/lib/assumed-viewport';
import { IconExternalLink, IconReceiptOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { PURCHASE_HISTORY_PAGE_SIZE } from '@cloud-portal/contract/accounts/profile-page-sizes';
import type { TPurchaseHistoryRow } from '@cloud-portal/contract/orders/purchase-history';
import { ExternalLinkHint } from '@/components/external-link-hint';
import { FactList } from '@/components/fact-list';
import { ListSkeleton } from '@/components/list-skeleton';
import { formatAmount } from '@/lib/format-amount';
import { useUserProfileInfo } from '@/lib/user-profile-info';
import { usePurchaseHistory } from '../api/purchase-history';
import { serverNow } from '@/lib/server-clock';
import { useHasExpired } from '@/lib/use-has-expired';
import {
  PagedListBody,
  PagedListEmpty,
  PagedListFooter,
  usePagedList,
} from '@/components/paged-list';
import { PendingPurchaseActions } from './pending-purchase-actions';
import {
  formatPurchaseDate,
  isPayablePurchase,
  PAYMENT_MODE_KEYS,
  PURCHASE_TYPE_KEYS,
  receiptPath,
  STATUS_KEYS,
  statusColor,
} from './purchase-history-format';
import classes from './purchase-history-tab.module.css';
import { useAccountMessages } from '@/lib/use-account-messages';

/** Seven columns need the room of a laptop; narrower screens get one card per purchase. */
const TABLE_QUERY = '(min-width: 62em)';

/**
 * vm-lifecycle.md §2.7 Purchase History: product name, purchase type, purchase id, date, amount,
 * payment mode, and View Receipt for a completed purchase (its status otherwise). The first page
 * comes with the profile; later pages are asked for as the customer turns to them.
 */
export function PurchaseHistoryTab() {
  const { t } = useTranslation('accounts');
  const { translateError } = useAccountMessages();
  const profile = useUserProfileInfo();
  // While a later page fails, the first page's count still lets the customer page away from it.
  const {
    page,
    total,
    query: history,
    listRef,
    turnTo,
  } = usePagedList(
    usePurchaseHistory,
    PURCHASE_HISTORY_PAGE_SIZE,
    profile.data?.purchaseHistory.total,
  );
  const isTable = useViewportQuery(TABLE_QUERY);

  return (
    <Stack gap="md" ref={listRef} className={classes.root} data-testid="purchase-history">
      <PagedListBody
        query={history}
        isReady
        errorTitle={t('purchaseHistory.loadError')}
        translateError={translateError}
        loading={
          <ListSkeleton
            count={isTable ? 5 : 3}
            height={isTable ? 36 : 148}
            label={t('purchaseHistory.loading')}
            testId="purchase-history-loading"
          />
        }
        empty={
          <PagedListEmpty
            icon={IconReceiptOff}
            title={t('purchaseHistory.emptyTitle')}
            text={t('purchaseHistory.emptyText')}
            testId="purchase-history-empty"
            browseLabel={t('purchaseHistory.browse')}
          />
        }
        className={classes.rows}
      >
        {(data) =>
          isTable ? <PurchaseTable rows={data.rows} /> : <PurchaseCards rows={data.rows} />
        }
      </PagedListBody>
      <PagedListFooter
        page={page}
        pageSize={PURCHASE_HISTORY_PAGE_SIZE}
        total={total}
        onChange={turnTo}
        isCompact={!isTable}
        testId="purchase-history"
        namespace="accounts"
        keyPrefix="purchaseHistory"
        className={classes.footer}
      />
    </Stack>
  );
}

/** The texts of one row, as both layouts show them. */
function usePurchaseRowTexts() {
  const { t, i18n } = useTranslation('accounts');
  // Keys built from the row's wire values, which the typed `t` cannot check.
  const translate = t as unknown as (key: string) => string;
  return (row: TPurchaseHistoryRow) => {
    const typeKey = PURCHASE_TYPE_KEYS[row.bankReference];
    const modeKey = row.paymentMode === null ? undefined : PAYMENT_MODE_KEYS[row.paymentMode];
    return {
      type: typeKey ? translate(`purchaseHistory.types.${typeKey}`) : row.bankReference,
      date: formatPurchaseDate(row.transactionDate, i18n.language),
      amount: formatAmount(row.totalCost, row.currencyCode, i18n.language),
      paymentMode:
        row.paymentMode === null
          ? t('purchaseHistory.noPaymentMode')
          : modeKey
            ? translate(`purchaseHistory.paymentModes.${modeKey}`)
            : row.paymentMode,
    };
  };
}

/** View Receipt (a new window) for a completed purchase, else its status as a coloured badge. */
function ReceiptOrStatus({
  row,
  fullWidth = false,
}: {
  row: TPurchaseHistoryRow;
  fullWidth?: boolean;
}) {
  const { t } = useTranslation('accounts');
  const translate = t as unknown as (key: string) => string;
  // A pending purchase turns Expired on screen the moment its time is up.
  const hasPassed = useHasExpired(row.payableUntil ?? '');
  const path = receiptPath(row);
  const isPayable = !hasPassed && isPayablePurchase(row, serverNow());
  const status = row.payableUntil !== null && !isPayable ? 'Expired' : row.transactionStatus;
  if (path) {
    return (
      <Button
        component="a"
        href={path}
        target="_blank"
        rel="noopener"
        size="xs"
        variant="light"
        fullWidth={fullWidth}
        rightSection={<IconExternalLink size={14} aria-hidden />}
        data-testid="purchase-view-receipt"
      >
        {t('purchaseHistory.viewReceipt')}
        <VisuallyHidden>
          {' '}
          {t('purchaseHistory.receiptOf', { product: row.vmName, id: row.orderID })}
        </VisuallyHidden>
        <ExternalLinkHint />
      </Button>
    );
  }
  const statusKey = STATUS_KEYS[status.toUpperCase()];
  const color = statusColor(status);
  const badge = (
    <Badge
      color={color}
      variant="light"
      // The light variant's own text colour (shade 6) is below 4.5:1 on its tint.
      c={`${color}.9`}
      className={classes.status}
      data-testid="purchase-status"
    >
      {statusKey ? translate(`purchaseHistory.statuses.${statusKey}`) : status}
    </Badge>
  );
  if (!isPayable) return badge;
  return (
    <Stack gap={6} align={fullWidth ? 'stretch' : 'flex-start'}>
      {badge}
      <PendingPurchaseActions row={row} fullWidth={fullWidth} />
    </Stack>
  );
}

function PurchaseTable({ rows }: { rows: readonly TPurchaseHistoryRow[] }) {
  const { t } = useTranslation('accounts');
  const textsOf = usePurchaseRowTexts();
  return (
    <Table.ScrollContainer minWidth={900} type="native">
      <Table
        verticalSpacing="sm"
        striped="even"
        highlightOnHover
        data-testid="purchase-history-table"
      >
        <caption className={classes.caption}>{t('purchaseHistory.caption')}</caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('purchaseHistory.columns.product')}</Table.Th>
            <Table.Th scope="col">{t('purchaseHistory.columns.type')}</Table.Th>
            <Table.Th scope="col">{t('purchaseHistory.columns.purchaseId')}</Table.Th>
            <Table.Th scope="col">{t('purchaseHistory.columns.date')}</Table.Th>
            <Table.Th scope="col" ta="right">
              {t('purchaseHistory.columns.amount')}
            </Table.Th>
            <Table.Th scope="col">{t('purchaseHistory.columns.paymentMode')}</Table.Th>
            <Table.Th scope="col">{t('purchaseHistory.columns.receipt')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => {
            const texts = textsOf(row);
            return (
              <Table.Tr key={row.ID} data-testid="purchase-row">
                <Table.Th scope="row" fw={600} className={classes.product}>
                  {row.vmName}
                </Table.Th>
                <Table.Td>{texts.type}</Table.Td>
                <Table.Td className={classes.reference}>{row.orderID}</Table.Td>
                <Table.Td className={classes.nowrap}>
                  <time dateTime={row.transactionDate}>{texts.date}</time>
                </Table.Td>
                <Table.Td ta="right" className={classes.nowrap}>
                  {texts.amount}
                </Table.Td>
                <Table.Td>{texts.paymentMode}</Table.Td>
                <Table.Td>
                  <ReceiptOrStatus row={row} />
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function PurchaseCards({ rows }: { rows: readonly TPurchaseHistoryRow[] }) {
  const { t } = useTranslation('accounts');
  const textsOf = usePurchaseRowTexts();
  return (
    <Stack
      component="ul"
      gap="sm"
      className={classes.cards}
      aria-label={t('purchaseHistory.caption')}
    >
      {rows.map((row) => {
        const texts = textsOf(row);
        const headingId = `purchase-${row.ID}`;
        return (
          <li key={row.ID}>
            <Card
              component="article"
              withBorder
              radius="md"
              padding="md"
              aria-labelledby={headingId}
              data-testid="purchase-row"
            >
              <Stack gap="sm">
                <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
                  <Text id={headingId} component="h3" fw={600} m={0} className={classes.product}>
                    {row.vmName}
                  </Text>
                  <Text fw={600} className={classes.nowrap}>
                    {texts.amount}
                  </Text>
                </Group>
                <FactList
                  variant="plain"
                  cols={2}
                  spacing="sm"
                  verticalSpacing="xs"
                  facts={[
                    { label: t('purchaseHistory.columns.type'), value: texts.type },
                    { label: t('purchaseHistory.columns.date'), value: texts.date },
                    { label: t('purchaseHistory.columns.purchaseId'), value: row.orderID },
                    { label: t('purchaseHistory.columns.paymentMode'), value: texts.paymentMode },
                  ]}
                />
                <ReceiptOrStatus row={row} fullWidth />
              </Stack>
            </Card>
          </li>
        );
      })}
    </Stack>
  );
}

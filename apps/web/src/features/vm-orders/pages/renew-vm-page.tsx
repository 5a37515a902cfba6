import { useId, useMemo, useRef, useState } from 'react';
import { useParams } from 'react-router';
import { Button, Paper, Stack, Text, Title } from '@mantine/core';
import { IconShare } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { hidesSpecifications } from '@cloud-portal/contract/marketplace/configuration-rules';
import { marketplaceMessages } from '@cloud-portal/contract/marketplace/marketplace-messages';
import type { TGetVmDetailForRenewResponse } from '@cloud-portal/contract/vms/renew-vm';
import { showFieldErrorToast, useClearFieldErrorToasts } from '@/lib/use-form-feedback';
import { useBuyNow } from '@/components/order-dialogs/use-buy-now';
import { useVmDetailForRenew } from '../api/get-vm-detail-for-renew';
import { renewVm } from '../api/renew-vm';
import { onOrderRefused, paymentFields } from '../components/order-submission';
import { useVmOrderMessages } from '../components/vm-order-texts';
import { BuyNowButton, OrderDialogs, preloadOrderDialogs } from '../components/order-actions';
import { BillTable } from '../components/bill-table';
import { FixedSpecifications } from '../components/fixed-specifications';
import { PeriodSelect } from '../components/period-select';
import { readVmId } from '../components/route-values';
import { VmCard } from '../components/vm-card';
import { VmLoadState } from '../components/vm-load-state';
import { VmOrderColumns, VmOrderFrame } from '../components/vm-order-frame';
import { useGoBack } from '../components/back-to-previous';
import { renewBill } from '../components/renew-bill';
import { SaveMachineButton } from '../components/save-machine-button';
import { useBillLabels } from '../components/use-bill-labels';

/**
 * /renewvm/{id} (vm-lifecycle.md §2.2, §9): the machine's card, its sizes (kept), the renewal
 * period, the bill the server priced for it (items, tax, arrears) and Buy Now → /purchasedetails/3.
 */
export function RenewVmPage() {
  const { t } = useTranslation('vmOrders');
  const vmId = readVmId(useParams().id);
  const detail = useVmDetailForRenew(vmId);
  return (
    <VmOrderFrame title={t('renew.title')}>
      <VmLoadState vmId={vmId} query={detail}>
        {(data) => (
          <RenewVm
            key={data.VMDetail.ID}
            data={data}

            onRefresh={() => void detail.refetch()}
          />
        )}
      </VmLoadState>
    </VmOrderFrame>
  );
}

/** The period a renewal opens with: the machine's own, when the company still offers it. */
function initialPeriod(data: TGetVmDetailForRenewResponse): number {
  return data.TimePeriod.some((period) => period.days === data.VMDetail.validity)
    ? data.VMDetail.validity
    : 0;
}

function RenewVm({
  data,
  onRefresh,
}: {
  data: TGetVmDetailForRenewResponse;
  onRefresh: () => void;
}) {
  const { t } = useTranslation('vmOrders');
  const messages = useVmOrderMessages();
  const { translateMessage } = messages;
  const goBack = useGoBack();
  const vm = data.VMDetail;
  const [days, setDays] = useState(() => initialPeriod(data));
  const [periodError, setPeriodError] = useState<string | null>(null);
  useClearFieldErrorToasts({ timePeriod: periodError });
  const [isShareOpen, setIsShareOpen] = useState(false);
  const periodRef = useRef<HTMLSelectElement>(null);
  const cardHeadingId = useId();
  const billHeadingId = useId();
  const specHeadingId = useId();

  const index = data.TimePeriod.findIndex((period) => period.days === days);
  const quote = index >= 0 ? (data.quotes[index] ?? null) : null;
  const labels = useBillLabels();
  // The machine as a product to buy again (the bookmark): renewals carry no tax basis, so the
  // spec's (tax before the discount); the server prices the save itself.
  const savedProduct = useMemo(
    () => ({
      vmSpec: data.vmSpec,
      ramCpuDependecy: data.ramCpuDependecy,
      taxValue: vm.taxValue,
      taxBasis: 'beforeDiscount' as const,
      discount: data.discount,
      isPremium: false,
      serviceType: vm.serviceCategory,
    }),
    [data, vm.taxValue, vm.serviceCategory],
  );
  const bill = renewBill(quote, vm.taxValue, labels);

  const purchase = useBuyNow({
    kind: 3,
    offer: {
      paymentGateway: data.paymentGateway,
      byPassflag: data.byPassflag,
      currency: vm.currency,
    },
    submit: (payment) =>
      renewVm({
        productID: vm.ID,
        timePeriod: days,
        totalAmount: quote?.totalPayable ?? '0.00',
        ...paymentFields(payment),
      }),
    onRefused: onOrderRefused({ onPriceChanged: onRefresh, onUnavailable: goBack }),
    messages,
  });

  const buyNow = () => {
    if (quote === null) {
      const message = translateMessage(marketplaceMessages.selectTimePeriod);
      setPeriodError(message);
      showFieldErrorToast('timePeriod', message);
      periodRef.current?.focus();
      return;
    }
    setPeriodError(null);
    purchase.start();
  };

  return (
    <>
      <VmOrderColumns
        billHeadingId={billHeadingId}
        main={
          <>
            <VmCard
              headingId={cardHeadingId}
              vm={{
                vmName: vm.vmName,
                osType: vm.osType,
                imagePath: vm.imagePath,
                ramCount: vm.ram_Count,
                ramUnit: vm.ram_Unit,
                diskCount: vm.disk_Count,
                cpuCount: vm.cpu_Count,
                // The price before tax for the period shown (vm_Cost is the 30-day price).
                periodDays: quote?.days ?? 30,
                price: quote?.totalPrice ?? vm.vm_Cost,
                currency: vm.currency,
                regionName: vm.regionName,
                isGoldCopy: vm.isGoldCopy === 1,
              }}
              actions={
                <>
                  <SaveMachineButton
                    productID={vm.productID}
                    product={savedProduct}
                    configuration={{
                      memory: vm.ram_Count,
                      disk: vm.disk_Count,
                      processor: vm.cpu_Count,
                    }}
                    units={{ memory: vm.ram_Unit, disk: vm.disk_Unit }}
                    regionID={vm.regionID}
                    timePeriod={quote?.days ?? vm.validity}
                  />
                  <Button
                    variant="default"
                    leftSection={<IconShare size={18} aria-hidden />}
                    onClick={() => setIsShareOpen(true)}
                    onPointerEnter={preloadOrderDialogs}
                    onFocus={preloadOrderDialogs}
                    aria-haspopup="dialog"
                  >
                    {t('actions.share')}
                  </Button>
                </>
              }
            />
            <Paper
              withBorder
              radius="lg"
              p={{ base: 'md', sm: 'lg' }}
              component="section"
              aria-labelledby={specHeadingId}
            >
              <Stack gap="lg">
                <Title order={2} id={specHeadingId} fz={{ base: 20, sm: 22 }}>
                  {t('renew.heading')}
                </Title>
                <PeriodSelect
                  ref={periodRef}
                  options={data.TimePeriod.map((period) => period.days)}
                  value={days}
                  onChange={(next) => {
                    setDays(next);
                    if (next > 0) setPeriodError(null);
                  }}
                  error={periodError}
                />
                {vm.daysExtended > 0 && (
                  <Text size="sm" c="orange.9" data-testid="renew-arrears-note">
                    {t('renew.arrearsNote', { count: vm.daysExtended })}
                  </Text>
                )}
                {hidesSpecifications(vm.serviceCategory) ? (
                  <Text size="sm" c="dimmed" data-testid="specifications-hidden">
                    {t('specifications.providerFixed')}
                  </Text>
                ) : (
                  <FixedSpecifications
                    lines={data.vmSpec
                      .slice()
                      .sort((a, b) => a.sequence - b.sequence)
                      .map((line) => ({
                        name: line.specificationName,
                        count: line.specificationCount,
                        unit: line.specificationUnit,
                        minValue: line.minValue,
                        maxValue: line.maxValue,
                      }))}
                  />
                )}
              </Stack>
            </Paper>
          </>
        }
        bill={
          <>
            <BillTable
              headingId={billHeadingId}
              heading={t('bill.heading')}
              note={quote ? t('renew.pricedFor', { count: quote.days }) : t('renew.choosePeriod')}
              columns={bill.columns}
              lines={bill.lines}
              emptyLines={t('renew.choosePeriod')}
              summary={bill.summary}
              currency={vm.currency}
            />
            <BuyNowButton purchase={purchase} onIntent={preloadOrderDialogs} onClick={buyNow} />
          </>
        }
      />
      <OrderDialogs
        purchase={purchase}
        bill={bill}
        currency={vm.currency}
        share={{ isOpen: isShareOpen, onClose: () => setIsShareOpen(false), product: vm }}
      />
    </>
  );
}

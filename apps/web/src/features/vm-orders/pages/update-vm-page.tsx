import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { Link, useParams } from 'react-router';
import { Alert, Anchor, Button, Checkbox, Paper, Radio, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle, IconShare } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import {
  canAdjustSpecifications,
  hidesSpecifications,
  sortedLines,
} from '@cloud-portal/contract/marketplace/configuration-rules';
import { vmActionMessages } from '@cloud-portal/contract/vms/vm-action-rules';
import {
  DEFAULT_UPDATE_TYPE,
  quoteUpdate,
  updateChoiceErrors,
  updateMessages,
  type UpdateChoice,
  type UpdateType,
} from '@cloud-portal/contract/vms/update-pricing';
import type { TUpdateVmDetailResponse } from '@cloud-portal/contract/vms/update-vm';
import { totalDiskGb } from '@cloud-portal/contract/vms/machine-sizes';
import { isApiError } from '@/lib/api-client';
import { formatAmount } from '@/lib/format-amount';
import { showErrorToast } from '@/lib/notify';
import { raiseTicketPath } from '@/lib/raise-ticket-link';
import { useBuyNow } from '@/components/order-dialogs/use-buy-now';
import { useVmDetailForUpdate } from '../api/get-vm-detail-for-update';
import { updateVm } from '../api/update-vm';
import { onOrderRefused, paymentFields } from '../components/order-submission';
import { useVmOrderMessages } from '../components/vm-order-texts';
import { BuyNowButton, OrderDialogs, preloadOrderDialogs } from '../components/order-actions';
import { useGoBack } from '../components/back-to-previous';
import { BillTable } from '../components/bill-table';
import { readVmId } from '../components/route-values';
import { SaveMachineButton } from '../components/save-machine-button';
import { SizeSlider } from '../components/size-slider';
import { updateBill } from '../components/update-bill';
import {
  currentSizes,
  isProcessorLocked,
  sliderMinimum,
  snapCount,
  toUpdateProduct,
  withCount,
  type RamAndCpuChoice,
} from '../components/update-choice';
import { useBillLabels } from '../components/use-bill-labels';
import { VmCard } from '../components/vm-card';
import {
  VmLoadError,
  VmOrderColumns,
  VmOrderFrame,
  VmOrderSkeleton,
} from '../components/vm-order-frame';

/**
 * /updatevm/{id} (vm-lifecycle.md §2.3): add a disk, or change RAM, CPU and disk; the bill of the
 * changed lines, priced for the days the machine has left; the power-off notice and consent; Buy
 * Now → /purchasedetails/4. A load the server refuses goes back with its message.
 */
export function UpdateVmPage() {
  const { t } = useTranslation('vmOrders');
  const { translateMessage, translateError } = useVmOrderMessages();
  const goBack = useGoBack();
  const vmId = readVmId(useParams().id);
  const detail = useVmDetailForUpdate(vmId);
  const refused =
    vmId === null || (isApiError(detail.error) && !detail.error.isNetworkError && !detail.data);
  const hasLeft = useRef(false);

  useEffect(() => {
    if (!refused || hasLeft.current) return;
    hasLeft.current = true;
    showErrorToast({
      message:
        vmId === null ? translateMessage(vmActionMessages.notFound) : translateError(detail.error),
    });
    goBack();
  }, [refused, vmId, detail.error, goBack, translateError, translateMessage]);

  return (
    <VmOrderFrame title={t('update.title')}>
      {detail.data ? (
        <UpdateVm
          key={detail.data.VMDetail.ID}
          data={detail.data}

          onRefresh={() => void detail.refetch()}
        />
      ) : detail.isError && !refused ? (
        <VmLoadError
          message={translateError(detail.error)}
          onRetry={() => void detail.refetch()}
          isRetrying={detail.isFetching}
        />
      ) : (
        <VmOrderSkeleton />
      )}
    </VmOrderFrame>
  );
}

const PROBLEM_TOAST = 'update-problem';
const CONSENT_TOAST = 'update-consent';

function UpdateVm({ data, onRefresh }: { data: TUpdateVmDetailResponse; onRefresh: () => void }) {
  const { t, i18n } = useTranslation('vmOrders');
  const messages = useVmOrderMessages();
  const { translateMessage } = messages;
  const labels = useBillLabels();
  const goBack = useGoBack();
  const vm = data.VMDetail;
  const product = useMemo(() => toUpdateProduct(data), [data]);
  const current = useMemo(() => currentSizes(data), [data]);
  const lines = useMemo(() => sortedLines(product), [product]);
  const diskLine = lines.find((line) => line.specificationName === 'Disk');

  const [updateType, setUpdateType] = useState<UpdateType>(DEFAULT_UPDATE_TYPE);
  const [sizes, setSizes] = useState<RamAndCpuChoice>({
    updateType: 'RamAndCpu',
    memory: current.memory,
    processor: current.processor,
    disk: current.disk,
  });
  const [addDisk, setAddDisk] = useState(0);
  const [allowsPowerCycle, setAllowsPowerCycle] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  // 'Please raise a ticket': the problem then carries the way to Raise New Ticket.
  const [asksForTicket, setAsksForTicket] = useState(false);
  const [consentError, setConsentError] = useState<string | null>(null);
  const [isShareOpen, setIsShareOpen] = useState(false);
  const problemRef = useRef<HTMLDivElement>(null);
  const consentRef = useRef<HTMLInputElement>(null);
  const cardHeadingId = useId();
  const billHeadingId = useId();
  const configurationHeadingId = useId();

  const choice: UpdateChoice = updateType === 'Disk' ? { updateType: 'Disk', addDisk } : sizes;
  const quote = quoteUpdate(product, current, choice, data.remainingDays);
  const bill = updateBill(quote, labels);
  const isFixed = data.isFixedSpecification || !canAdjustSpecifications(product);
  const isHidden = hidesSpecifications(vm.serviceCategory);
  const needsConsent = quote.needsShutOff && data.isRunning;
  const money = (amount: string) => formatAmount(amount, vm.currency, i18n.language);
  const costOf = (item: string) =>
    money(quote.lines.find((line) => line.item === item)?.price ?? '0.00');

  const purchase = useBuyNow({
    kind: 4,
    offer: {
      paymentGateway: data.paymentGateway,
      byPassflag: data.byPassflag,
      currency: vm.currency,
    },
    submit: (payment) =>
      updateVm({
        productID: vm.ID,
        clientVMID: vm.ID,
        productName: vm.productName,
        updateType: choice.updateType,
        ...(choice.updateType === 'Disk'
          ? { diskCount: choice.addDisk }
          : {
              ramCount: choice.memory,
              processorCount: choice.processor,
              diskCount: choice.disk,
            }),
        cost: quote.totalPrice,
        taxAmount: quote.taxAmount,
        totalAmount: quote.totalPayable,
        currency: vm.currency,
        allowsPowerCycle: needsConsent && allowsPowerCycle,
        ...paymentFields(payment),
      }),
    onRefused: onOrderRefused({ onPriceChanged: onRefresh, onUnavailable: goBack }),
    messages,
  });

  const changed = () => {
    setProblem(null);
    notifications.hide(PROBLEM_TOAST);
  };

  const changeMode = (mode: UpdateType) => {
    setUpdateType(mode);
    changed();
    // Only RAM and CPU need the consent; its message goes with the mode.
    setConsentError(null);
    notifications.hide(CONSENT_TOAST);
  };

  const buyNow = () => {
    const errors =
      updateType === 'Disk' && !data.canAddDisk
        ? [{ field: 'addDisk', message: updateMessages.maxDisks }]
        : updateChoiceErrors(product, current, choice);
    // Only smaller sizes: nothing to pay, and shrinking is not sold online.
    if (errors.length === 0 && quote.totalPayable === '0.00') {
      errors.push({ field: 'updateType', message: updateMessages.nothingToPay });
    }
    if (errors.length > 0) {
      const message = translateMessage(errors[0]!.message);
      setProblem(message);
      setAsksForTicket(errors[0]!.message === updateMessages.nothingToPay);
      showErrorToast({ id: PROBLEM_TOAST, message });
      problemRef.current?.focus();
      return;
    }
    if (needsConsent && !allowsPowerCycle) {
      const message = translateMessage(updateMessages.powerCycleRequired);
      setConsentError(message);
      showErrorToast({ id: CONSENT_TOAST, message });
      consentRef.current?.focus();
      return;
    }
    setProblem(null);
    setConsentError(null);
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
                diskCount: totalDiskGb({ diskGb: vm.disk_Count, addedDisksGb: vm.addedDisks }),
                cpuCount: vm.cpu_Count,
                periodDays: vm.validity,
                price: vm.vm_Cost,
                currency: vm.currency,
                regionName: vm.regionName,
                isGoldCopy: vm.isGoldCopy === 1,
              }}
              actions={
                <>
                  <SaveMachineButton
                    productID={vm.productID}
                    product={product}
                    configuration={{
                      memory: current.memory,
                      disk: totalDiskGb({ diskGb: current.disk, addedDisksGb: current.addedDisks }),
                      processor: current.processor,
                    }}
                    units={{ memory: vm.ram_Unit, disk: vm.disk_Unit }}
                    regionID={vm.regionID}
                    timePeriod={vm.validity}
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
              aria-labelledby={configurationHeadingId}
            >
              <Stack gap="lg">
                <Title order={2} id={configurationHeadingId} fz={{ base: 20, sm: 22 }}>
                  {t('update.heading')}
                </Title>
                <Radio.Group
                  label={t('update.modeLabel')}
                  value={updateType}
                  onChange={(value) => changeMode(value === 'Disk' ? 'Disk' : 'RamAndCpu')}
                  name="update-type"
                  data-testid="update-type"
                >
                  <Stack gap="xs" mt="xs">
                    <Radio
                      value="Disk"
                      label={t('update.modes.Disk')}
                      disabled={isFixed}
                      data-testid="update-type-disk"
                    />
                    <Radio
                      value="RamAndCpu"
                      label={t('update.modes.RamAndCpu')}
                      disabled={isFixed}
                      data-testid="update-type-ramandcpu"
                    />
                  </Stack>
                </Radio.Group>
                {isHidden || isFixed ? (
                  <Text size="sm" c="dimmed" data-testid="specifications-hidden">
                    {isHidden
                      ? t('specifications.providerFixed')
                      : translateMessage(updateMessages.fixedSpecification)}
                  </Text>
                ) : updateType === 'Disk' ? (
                  <Stack gap="sm" data-testid="update-disk-mode">
                    <Text size="sm" c="red.8" fw={600} data-testid="max-disks-note">
                      {translateMessage(updateMessages.maxDisks)}
                    </Text>
                    <Text size="sm" c="dimmed" data-testid="added-disks">
                      {t('update.addedDisks', {
                        count: vm.addedDisks.length,
                        max: data.maxAddedDisks,
                      })}
                    </Text>
                    {diskLine && (
                      <SizeSlider
                        label={t('update.addDisk')}
                        testId="specification-add-disk"
                        unit={diskLine.specificationUnit}
                        value={addDisk}
                        min={0}
                        max={diskLine.maxValue}
                        step={diskLine.size}
                        onChange={(value) => {
                          setAddDisk(snapCount(value, 0, diskLine.maxValue, diskLine.size));
                          changed();
                        }}
                        cost={costOf('Disk')}
                        disabled={!data.canAddDisk}
                      />
                    )}
                  </Stack>
                ) : (
                  <Stack gap="md" data-testid="update-ram-cpu-mode">
                    {lines.map((line) => {
                      const field =
                        line.specificationName === 'Memory'
                          ? 'memory'
                          : line.specificationName === 'Processor'
                            ? 'processor'
                            : 'disk';
                      const min = sliderMinimum(line, current);
                      const isLocked =
                        line.specificationName === 'Processor' && isProcessorLocked(product, sizes);
                      return (
                        <SizeSlider
                          key={line.specificationName}
                          label={t(`specifications.${line.specificationName}`)}
                          testId={`specification-${line.specificationName.toLowerCase()}`}
                          unit={line.specificationUnit}
                          value={sizes[field]}
                          min={min}
                          max={line.maxValue}
                          step={line.size}
                          onChange={(value) => {
                            setSizes((before) =>
                              withCount(
                                product,
                                before,
                                line.specificationName,
                                snapCount(value, min, line.maxValue, line.size),
                              ),
                            );
                            changed();
                          }}
                          cost={costOf(line.specificationName)}
                          disabled={isLocked}
                          note={
                            isLocked
                              ? t('update.followsMemory')
                              : line.specificationName === 'Disk'
                                ? t('update.diskGrowsOnly')
                                : null
                          }
                        />
                      );
                    })}
                  </Stack>
                )}
                <div ref={problemRef} tabIndex={-1} role="alert" aria-live="assertive">
                  {problem && (
                    <Text size="sm" c="red.8" data-testid="update-problem">
                      {problem}
                      {asksForTicket && (
                        <>
                          {' '}
                          <Anchor
                            component={Link}
                            to={raiseTicketPath(data.VMDetail.ID)}
                            size="sm"
                            fw={600}
                            underline="always"
                            data-testid="update-raise-ticket"
                          >
                            {t('update.raiseTicket')}
                          </Anchor>
                        </>
                      )}
                    </Text>
                  )}
                </div>
                <Alert
                  color="yellow"
                  variant="light"
                  icon={<IconAlertTriangle size={20} aria-hidden />}
                  title={t('update.powerOffTitle')}
                  // The yellow title colour reads below 4.5:1 on its tint.
                  styles={{ title: { color: 'var(--mantine-color-dark-9)' } }}
                  data-testid="power-off-notice"
                >
                  <Stack gap="sm">
                    <Text size="sm">{t('update.powerOffNotice')}</Text>
                    {data.isRunning && updateType === 'RamAndCpu' && !isFixed && (
                      <Checkbox
                        ref={consentRef}
                        checked={allowsPowerCycle}
                        onChange={(event) => {
                          setAllowsPowerCycle(event.currentTarget.checked);
                          if (event.currentTarget.checked) {
                            setConsentError(null);
                            notifications.hide(CONSENT_TOAST);
                          }
                        }}
                        label={t('update.consent')}
                        error={needsConsent ? consentError : null}
                        data-testid="power-cycle-consent"
                      />
                    )}
                  </Stack>
                </Alert>
              </Stack>
            </Paper>
          </>
        }
        bill={
          <>
            <BillTable
              headingId={billHeadingId}
              heading={t('bill.heading')}
              note={t('update.pricedFor', { count: data.remainingDays })}
              columns={bill.columns}
              lines={bill.lines}
              emptyLines={t('update.noChanges')}
              summary={bill.summary}
              currency={vm.currency}
            />
            <BuyNowButton
              purchase={purchase}
              onIntent={preloadOrderDialogs}
              onClick={buyNow}
              isDisabled={isFixed}
            />
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

import { useId, useMemo, useRef, useState } from 'react';
import { useLocation, useParams, useSearchParams } from 'react-router';
import {
  Button,
  Group,
  NativeSelect,
  NumberInput,
  Paper,
  Radio,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconShare } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { hidesSpecifications } from '@cloud-portal/contract/marketplace/configuration-rules';
import {
  BACKUP_KINDS,
  INITIAL_BACKUP_DURATION,
  backupChoiceErrors,
  type BackupChoice,
  type BackupDurationType,
  type BackupKind,
} from '@cloud-portal/contract/vms/backup-pricing';
import type { TCloneVmDetailResponse } from '@cloud-portal/contract/vms/clone-vm';
import { showFieldErrorToast, useClearFieldErrorToasts } from '@/lib/use-form-feedback';
import { useBuyNow } from '@/components/order-dialogs/use-buy-now';
import { createBackupOrder } from '../api/create-backup-order';
import { useVmDetailForBackup } from '../api/get-vm-detail-for-backup';
import { onOrderRefused, paymentFields } from '../components/order-submission';
import { useVmOrderMessages } from '../components/vm-order-texts';
import { BuyNowButton, OrderDialogs, preloadOrderDialogs } from '../components/order-actions';
import { useGoBack } from '../components/back-to-previous';
import { backupBill, quoteBackupChoice } from '../components/backup-bill';
import { BillTable } from '../components/bill-table';
import { FixedSpecifications } from '../components/fixed-specifications';
import { machineSpecifications } from '../components/machine-specifications';
import { BACKUP_KIND_PARAM, initialBackupKind, readVmId } from '../components/route-values';
import { useBillLabels } from '../components/use-bill-labels';
import { VmCard } from '../components/vm-card';
import { VmLoadState } from '../components/vm-load-state';
import { VmOrderColumns, VmOrderFrame } from '../components/vm-order-frame';

/** /buyclonevm/{id} (vm-lifecycle.md §2.2): a clone of one of the customer's machines. */
export function BuyCloneVmPage() {
  return <BuyBackupVmPage kind="Clone" />;
}

/** /buysnapshotvm/{id} (vm-lifecycle.md §2.2): a snapshot (disks only) of one of their machines. */
export function BuySnapshotVmPage() {
  return <BuyBackupVmPage kind="Snapshot" />;
}

function BuyBackupVmPage({ kind }: { kind: BackupKind }) {
  const { t } = useTranslation('vmOrders');
  const vmId = readVmId(useParams().id);
  const location = useLocation();
  const [searchParams, setSearchParams] = useSearchParams();
  const detail = useVmDetailForBackup(kind, vmId);
  const initialKind = initialBackupKind(searchParams.get(BACKUP_KIND_PARAM), location.state, kind);
  // The type chosen on the page is kept in the URL, so a reload or a shared link keeps it.
  const rememberKind = (chosen: BackupKind) =>
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.set(BACKUP_KIND_PARAM, chosen);
        return next;
      },
      { replace: true, state: location.state },
    );
  return (
    <VmOrderFrame title={t(`backup.title${kind}`)}>
      <VmLoadState vmId={vmId} query={detail}>
        {(data) => (
          <BuyBackupVm
            key={`${kind}-${data.VMDetail.ID}`}
            data={data}

            initialKind={initialKind}
            onKindChange={rememberKind}
            onRefresh={() => void detail.refetch()}
          />
        )}
      </VmLoadState>
    </VmOrderFrame>
  );
}

type FieldErrors = { cloneDuration: string | null; cloneOptionType: string | null };
const NO_ERRORS: FieldErrors = { cloneDuration: null, cloneOptionType: null };

function BuyBackupVm({
  data,
  initialKind,
  onKindChange,
  onRefresh,
}: {
  data: TCloneVmDetailResponse;
  initialKind: BackupKind;
  onKindChange: (kind: BackupKind) => void;
  onRefresh: () => void;
}) {
  const { t } = useTranslation('vmOrders');
  const messages = useVmOrderMessages();
  const { translateMessage } = messages;
  const labels = useBillLabels();
  const goBack = useGoBack();
  const vm = data.VMDetail;
  const [choice, setChoice] = useState<BackupChoice>({
    cloneDuration: data.initialDuration ?? INITIAL_BACKUP_DURATION,
    cloneDurationType: data.duration[0]?.type ?? 'Daily',
    cloneOptionType: initialKind,
  });
  const [errors, setErrors] = useState<FieldErrors>(NO_ERRORS);
  useClearFieldErrorToasts(errors);
  const [isShareOpen, setIsShareOpen] = useState(false);
  const durationRef = useRef<HTMLInputElement>(null);
  const kindRef = useRef<HTMLInputElement>(null);
  const cardHeadingId = useId();
  const billHeadingId = useId();
  const choiceHeadingId = useId();

  const pricing = useMemo(
    () => ({
      diskSize: data.diskSize,
      drive_Cost_PerUnit: vm.drive_Cost_PerUnit,
      taxValue: vm.taxValue,
    }),
    [data.diskSize, vm.drive_Cost_PerUnit, vm.taxValue],
  );
  const quote = quoteBackupChoice(pricing, choice);
  const bill = backupBill(quote, vm.taxValue, labels);
  const durationType = choice.cloneDurationType || 'Daily';
  const maxCount = data.duration.find((option) => option.type === durationType)?.maxCount;

  const purchase = useBuyNow({
    kind: 2,
    offer: {
      paymentGateway: data.paymentGateway,
      byPassflag: data.byPassflag,
      currency: vm.currency,
    },
    submit: (payment) =>
      createBackupOrder({
        productID: vm.ID,
        clientVMID: vm.ID,
        productName: vm.productName,
        cloneDuration: choice.cloneDuration,
        cloneDurationType: choice.cloneDurationType as BackupDurationType,
        cloneOptionType: choice.cloneOptionType as BackupKind,
        isCloneOrSnapshot: choice.cloneOptionType as BackupKind,
        cost: quote?.totalPrice,
        taxAmount: quote?.taxAmount,
        totalAmount: quote?.totalPayable ?? '0.00',
        currency: vm.currency,
        ...paymentFields(payment),
      }),
    onRefused: onOrderRefused({ onPriceChanged: onRefresh, onUnavailable: goBack }),
    messages,
  });

  const update = (next: Partial<BackupChoice>) => {
    const merged = { ...choice, ...next };
    setChoice(merged);
    // A fixed field's message goes as soon as it is right; new ones wait for Buy Now.
    const remaining = backupChoiceErrors(merged);
    setErrors((current) => ({
      cloneDuration: remaining.some((error) => error.field === 'cloneDuration')
        ? current.cloneDuration
        : null,
      cloneOptionType: remaining.some((error) => error.field === 'cloneOptionType')
        ? current.cloneOptionType
        : null,
    }));
  };

  const buyNow = () => {
    const problems = backupChoiceErrors(choice);
    if (problems.length === 0) {
      setErrors(NO_ERRORS);
      purchase.start();
      return;
    }
    const messageFor = (field: keyof FieldErrors) => {
      const problem = problems.find((candidate) => candidate.field === field);
      return problem ? translateMessage(problem.message) : null;
    };
    const next = {
      cloneDuration: messageFor('cloneDuration'),
      cloneOptionType: messageFor('cloneOptionType'),
    };
    setErrors(next);
    for (const [field, message] of Object.entries(next)) {
      if (message) showFieldErrorToast(field, message);
    }
    (next.cloneDuration ? durationRef : kindRef).current?.focus();
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
                diskCount: data.diskSize,
                cpuCount: vm.cpu_Count,
                periodDays: vm.validity,
                price: vm.vm_Cost,
                currency: vm.currency,
                regionName: vm.regionName,
                isGoldCopy: vm.isGoldCopy === 1,
              }}
              actions={
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
              }
            />
            <Paper
              withBorder
              radius="lg"
              p={{ base: 'md', sm: 'lg' }}
              component="section"
              aria-labelledby={choiceHeadingId}
            >
              <Stack gap="lg">
                <Title order={2} id={choiceHeadingId} fz={{ base: 20, sm: 22 }}>
                  {t('backup.heading')}
                </Title>
                <Stack gap={6}>
                  <Group gap="sm" align="flex-start" wrap="nowrap" grow>
                    <NumberInput
                      ref={durationRef}
                      label={t('backup.durationLabel')}
                      placeholder={t('backup.durationPlaceholder')}
                      required
                      min={1}
                      max={maxCount}
                      clampBehavior="none"
                      allowDecimal={false}
                      allowNegative={false}
                      value={choice.cloneDuration > 0 ? choice.cloneDuration : ''}
                      onChange={(value) =>
                        update({ cloneDuration: typeof value === 'number' ? value : 0 })
                      }
                      error={errors.cloneDuration}
                      data-testid="backup-duration"
                    />
                    <NativeSelect
                      label={t('backup.durationTypeLabel')}
                      value={choice.cloneDurationType}
                      onChange={(event) =>
                        update({
                          cloneDurationType: event.currentTarget.value as BackupDurationType,
                        })
                      }
                      data={data.duration.map((option) => ({
                        value: option.type,
                        label: t(`backup.durationTypes.${option.type}`, {
                          count: choice.cloneDuration === 1 ? 1 : 2,
                        }),
                      }))}
                      data-testid="backup-duration-type"
                    />
                  </Group>
                  {maxCount !== undefined && (
                    <Text size="xs" c="dimmed">
                      {t('backup.durationHint', {
                        max: maxCount,
                        unit: t(`backup.durationTypes.${durationType}`, { count: maxCount }),
                      })}
                    </Text>
                  )}
                </Stack>
                <Radio.Group
                  label={t('backup.typeLabel')}
                  required
                  value={choice.cloneOptionType || null}
                  onChange={(value) => {
                    update({ cloneOptionType: value as BackupKind });
                    onKindChange(value as BackupKind);
                  }}
                  error={errors.cloneOptionType}
                  name="clone-option-type"
                  data-testid="backup-type"
                >
                  <Stack gap="xs" mt="xs">
                    {BACKUP_KINDS.map((option, index) => (
                      <Radio
                        key={option}
                        ref={index === 0 ? kindRef : undefined}
                        value={option}
                        label={t(`backup.types.${option}`)}
                        description={t(`backup.typeHints.${option}`)}
                        data-testid={`backup-type-${option.toLowerCase()}`}
                      />
                    ))}
                  </Stack>
                </Radio.Group>
                {hidesSpecifications(vm.serviceCategory) ? (
                  <Text size="sm" c="dimmed" data-testid="specifications-hidden">
                    {t('specifications.providerFixed')}
                  </Text>
                ) : (
                  <FixedSpecifications
                    lines={machineSpecifications(data.vmSpec, {
                      memory: vm.ram_Count,
                      disk: data.diskSize,
                      processor: vm.cpu_Count,
                    })}
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
              note={
                quote
                  ? t('backup.pricedFor', { hours: quote.hours, disk: quote.diskSize })
                  : t('backup.chooseDuration')
              }
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

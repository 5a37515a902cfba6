import { useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button, Grid, Paper, Stack } from '@mantine/core';
import { IconBookmark, IconShare, IconShoppingCart } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  buyNowErrors,
  toPricedProduct,
} from '@cloud-portal/contract/marketplace/configuration-rules';
import type {
  TGetVmProductDetailsResponse,
  TVmProductDetail,
} from '@cloud-portal/contract/marketplace/get-vm-product-details';
import { marketplaceMessages } from '@cloud-portal/contract/marketplace/marketplace-messages';
import { orderMessages } from '@cloud-portal/contract/orders/order-messages';
import { ORDER_KINDS } from '@cloud-portal/contract/orders/order-status';
import {
  LazyBuyNowModal,
  LazyShareModal,
  preloadBuyNowDialogs,
  preloadShareDialog,
} from '@/components/order-dialogs/lazy-order-dialogs';
import { useBuyNow } from '@/components/order-dialogs/use-buy-now';
import { isApiError } from '@/lib/api-client';
import { getFieldErrors } from '@/lib/error-message';
import { showErrorToast, showSuccessToast } from '@/lib/notify';
import { showFieldErrorToast, useClearFieldErrorToasts } from '@/lib/use-form-feedback';
import { useContractMessages } from '@/lib/use-contract-messages';
import { osFamilyOf } from '@/lib/os-family';
import { pageEnvironment } from '@/lib/page-environment';
import { productPageUrl } from '@/lib/share-links';
import { useCreateOrder } from '../api/create-order';
import { productDetailsQueryKey } from '../api/get-vm-product-details';
import { VM_QUOTES_QUERY_ROOT } from '../api/get-vm-quote';
import { isAlreadySavedError, useSaveVmForLater } from '../api/save-vm-for-later';
import { AlreadySavedNotice } from './already-saved-notice';
import { ConfigurationPanel } from './configuration-panel';
import { LicenceDownloadLink } from './licence-download-link';
import { toCreateOrderRequest } from './order-request';
import { unitOf } from './priced-product';
import { ProductSummaryCard } from './product-summary-card';
import { readInitialChoice } from './restore-query';
import { TotalValueTable } from './total-value-table';
import { useConfiguration } from './use-configuration';
import { useServerQuote } from './use-server-quote';

/** The messages Buy Now can meet: the configuration's and the order's. */
const BUY_NOW_TEXTS = { ...marketplaceMessages, ...orderMessages } as const;

/** A Windows product with the licence flag needs the customer's Microsoft licence PDF. */
function needsMicrosoftLicence(vm: TVmProductDetail): boolean {
  return osFamilyOf(vm.osType) === 'windows' && vm.sendMailForLicense === 1;
}

type FieldErrors = { region: string | null; timePeriod: string | null };
const NO_FIELD_ERRORS: FieldErrors = { region: null, timePeriod: null };

/**
 * /productdetails/{id} once the product is loaded: the card, the configuration, the Total Value
 * (local at once, confirmed by the server), save for later, share and Buy Now.
 */
export function ProductConfigurator({ details }: { details: TGetVmProductDetailsResponse }) {
  const { t } = useTranslation('products');
  const { translateMessage, translateError } = useContractMessages('products', marketplaceMessages);
  const queryClient = useQueryClient();
  const [searchParams] = useSearchParams();
  const vm = details.VMProductDetail;
  const product = useMemo(() => toPricedProduct(details), [details]);
  const [initial] = useState(() =>
    readInitialChoice(searchParams, product, {
      timePeriods: details.timePeriod.map((period) => period.days),
      productRegionID: vm.regionID,
      regions: details.regions.map((region) => region.ID),
    }),
  );
  const choice = useConfiguration(product, vm.regionID, initial);
  const server = useServerQuote({
    productID: vm.productID,
    configuration: choice.configuration,
    timePeriod: choice.timePeriod,
    localQuote: choice.localQuote,
    isValid: choice.errors.length === 0,
  });
  const currency = server.serverQuote?.currency ?? vm.vm_currency;

  const [fieldErrors, setFieldErrors] = useState<FieldErrors>(NO_FIELD_ERRORS);
  useClearFieldErrorToasts(fieldErrors);
  const [isShareOpen, setIsShareOpen] = useState(false);
  const regionRef = useRef<HTMLSelectElement>(null);
  const timePeriodRef = useRef<HTMLSelectElement>(null);
  const save = useSaveVmForLater();
  const createOrder = useCreateOrder();
  const buyNowMessages = useContractMessages('products', BUY_NOW_TEXTS);
  // The choice a save found already saved: the notice shows while that is still the choice.
  const choiceKey = JSON.stringify([choice.configuration, choice.timePeriod, choice.regionID]);
  const [alreadySavedKey, setAlreadySavedKey] = useState<string | null>(null);

  const refreshPrices = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: VM_QUOTES_QUERY_ROOT }),
      queryClient.invalidateQueries({ queryKey: productDetailsQueryKey(vm.productID) }),
    ]);

  // The order is created on the server, which re-prices it; the invoice screen
  // (/purchasedetails/1) receives it in the navigation state.
  const purchase = useBuyNow({
    kind: ORDER_KINDS.newPurchase,
    offer: { paymentGateway: details.paymentGateway, byPassflag: details.byPassflag, currency },
    submit: (payment) =>
      createOrder.mutateAsync(
        toCreateOrderRequest(vm, product, choice, server.quote, currency, {
          ...payment,
          microsoftLicense: needsMicrosoftLicence(vm) ? 1 : 0,
        }),
      ),
    // Prices or gateways this page no longer has right.
    onRefused: (error) => {
      if ([400, 409, 422].includes(error.httpStatus)) void refreshPrices();
    },
    messages: buyNowMessages,
  });

  const saveForLater = async () => {
    const { memory, disk, processor } = choice.configuration;
    try {
      const message = await save.mutateAsync({
        productID: vm.productID,
        processorCount: processor,
        memoryCount: memory,
        memoryUnit: unitOf(product, 'Memory') ?? vm.vm_RAM_Unit,
        driveCount: disk,
        driveUnit: unitOf(product, 'Disk') ?? vm.vm_Driver_Unit,
        region: choice.regionID,
        totalAmount: server.quote.totalPayable,
        timePeriod: choice.timePeriod,
      });
      setAlreadySavedKey(null);
      showSuccessToast({ message: translateMessage(message) });
    } catch (error) {
      if (isAlreadySavedError(error)) {
        setAlreadySavedKey(choiceKey);
        return;
      }
      showErrorToast({ message: translateError(error) });
      if (isApiError(error) && error.httpStatus === 409) void refreshPrices();
    }
  };

  const buyNow = () => {
    const errors = buyNowErrors({ regionID: choice.regionID, timePeriod: choice.timePeriod });
    if (errors.length === 0) {
      setFieldErrors(NO_FIELD_ERRORS);
      purchase.start();
      return;
    }
    const messageFor = (field: string) => {
      const error = errors.find((candidate) => candidate.field === field);
      return error ? translateMessage(error.message) : null;
    };
    setFieldErrors({ region: messageFor('region'), timePeriod: messageFor('timePeriod') });
    for (const error of errors) showFieldErrorToast(error.field, translateMessage(error.message));
    (messageFor('region') ? regionRef : timePeriodRef).current?.focus();
  };

  const quoteProblem = server.error
    ? (getFieldErrors(server.error).map((error) => translateMessage(error.message))[0] ??
      t('totalValue.quoteFailed'))
    : null;

  return (
    <>
      <Grid gap={{ base: 'lg', md: 'xl' }}>
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Stack gap="lg">
            <ProductSummaryCard
              product={vm}
              configuration={choice.configuration}
              units={{
                memory: unitOf(product, 'Memory') ?? vm.vm_RAM_Unit,
                disk: unitOf(product, 'Disk') ?? vm.vm_Driver_Unit,
              }}
              quote={server.quote}
              currency={currency}
              notice={<AlreadySavedNotice isShown={alreadySavedKey === choiceKey} />}
              actions={
                <>
                  <Button
                    variant="light"
                    leftSection={<IconBookmark size={18} aria-hidden />}
                    onClick={() => void saveForLater()}
                    loading={save.isPending}
                    data-testid="save-for-later"
                  >
                    {t('actions.saveForLater')}
                  </Button>
                  <Button
                    variant="default"
                    leftSection={<IconShare size={18} aria-hidden />}
                    onClick={() => setIsShareOpen(true)}
                    onPointerEnter={preloadShareDialog}
                    onFocus={preloadShareDialog}
                    aria-haspopup="dialog"
                  >
                    {t('actions.share')}
                  </Button>
                  <LicenceDownloadLink product={vm} />
                </>
              }
            />
            <ConfigurationPanel
              details={details}
              product={product}
              configuration={choice.configuration}
              onCountChange={choice.setCount}
              isProcessorLocked={choice.isProcessorLocked}
              timePeriod={choice.timePeriod}
              onTimePeriodChange={(days) => {
                choice.setTimePeriod(days);
                if (days > 0) setFieldErrors((current) => ({ ...current, timePeriod: null }));
              }}
              regionID={choice.regionID}
              onRegionChange={(regionID) => {
                choice.setRegionID(regionID);
                if (regionID > 0) setFieldErrors((current) => ({ ...current, region: null }));
              }}
              fieldErrors={fieldErrors}
              configurationProblems={choice.errors.map((error) => ({
                field: error.field,
                message: translateMessage(error.message),
              }))}
              quote={server.quote}
              currency={currency}
              regionRef={regionRef}
              timePeriodRef={timePeriodRef}
            />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Paper
            withBorder
            radius="lg"
            p={{ base: 'sm', xs: 'md', sm: 'lg' }}
            component="section"
            aria-labelledby="total-value-heading"
            style={{ position: 'sticky', top: 88 }}
          >
            <Stack gap="md">
              <TotalValueTable
                quote={server.quote}
                currency={currency}
                hasChosenPeriod={choice.timePeriod > 0}
                isChecking={server.isChecking}
                isUpdatedByProvider={server.isUpdatedByProvider}
                problem={quoteProblem}
              />
              <Button
                size="md"
                fullWidth
                leftSection={<IconShoppingCart size={18} aria-hidden />}
                onClick={buyNow}
                onPointerEnter={preloadBuyNowDialogs}
                onFocus={preloadBuyNowDialogs}
                loading={purchase.isOrdering && purchase.step.kind === 'closed'}
                disabled={purchase.isOrdering}
                data-testid="buy-now"
              >
                {t('actions.buyNow')}
              </Button>
            </Stack>
          </Paper>
        </Grid.Col>
      </Grid>
      <LazyShareModal
        opened={isShareOpen}
        onClose={() => setIsShareOpen(false)}
        url={productPageUrl(pageEnvironment().origin, vm.productID)}
        productName={vm.productName}
      />
      <LazyBuyNowModal
        step={purchase.step}
        gateways={purchase.offeredGateways}
        quote={server.quote}
        currency={currency}
        onClose={purchase.close}
        onChoose={purchase.choose}
        onConfirmConversion={purchase.confirmConversion}
        isOrdering={purchase.isOrdering}
      />
    </>
  );
}

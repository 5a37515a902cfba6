import type { GatewayName } from '@cloud-portal/contract/orders/gateways';
import type { BuyNowStep } from './buy-now-step';
import { ChooseGatewayModal } from './choose-gateway-modal';
import { UsdConversionModal, type ExtraBillRow, type UsdBill } from './usd-conversion-modal';

type Props = {
  step: BuyNowStep;
  /** The last list offered, kept while the dialog closes so it does not empty as it fades. */
  gateways: readonly GatewayName[];
  quote: UsdBill;
  /** Bill lines the conversion shows beyond price, discount and tax (a renewal's arrears). */
  extraRows?: readonly ExtraBillRow[];
  currency: string;
  onClose: () => void;
  onChoose: (gateway: GatewayName) => void;
  onConfirmConversion: () => void;
  isOrdering: boolean;
};

/** Buy Now's dialogs (vm-lifecycle.md §2.11): choose payment gateway, PayPal ZAR conversion. */
export function BuyNowModal({
  step,
  gateways,
  quote,
  extraRows,
  currency,
  onClose,
  onChoose,
  onConfirmConversion,
  isOrdering,
}: Props) {
  return (
    <>
      <ChooseGatewayModal
        opened={step.kind === 'choose'}
        gateways={gateways}
        currency={currency}
        onClose={onClose}
        onProceed={onChoose}
        isOrdering={isOrdering}
      />
      <UsdConversionModal
        opened={step.kind === 'convert'}
        quote={quote}
        extraRows={extraRows}
        currency={currency}
        onClose={onClose}
        onProceed={onConfirmConversion}
        isOrdering={isOrdering}
      />
    </>
  );
}

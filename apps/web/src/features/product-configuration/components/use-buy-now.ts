import { useState } from 'react';
import { useNavigate } from 'react-router';
import type {
  Configuration,
  PricedProduct,
  Quote,
} from '@cloud-portal/contract/marketplace/configuration-rules';
import type {
  TGetVmProductDetailsResponse,
  TVmProductDetail,
} from '@cloud-portal/contract/marketplace/get-vm-product-details';
import { marketplaceMessages } from '@cloud-portal/contract/marketplace/marketplace-messages';
import {
  decideBuyNow,
  decideChosenGateway,
  type BuyNowDecision,
  type GatewayName,
} from '@cloud-portal/contract/orders/gateways';
import { orderMessages } from '@cloud-portal/contract/orders/order-messages';
import { ORDER_KINDS } from '@cloud-portal/contract/orders/order-status';
import { isApiError } from '@/lib/api-client';
import { showErrorToast } from '@/lib/notify';
import { osFamilyOf } from '@/lib/os-family';
import { useContractMessages } from '@/lib/use-contract-messages';
import { useCreateOrder } from '../api/create-order';
import { BUY_NOW_CLOSED, type BuyNowStep } from './buy-now-step';
import { toCreateOrderRequest } from './order-request';

/** The messages Buy Now can meet: the configuration's and the order's. */
const BUY_NOW_TEXTS = { ...marketplaceMessages, ...orderMessages } as const;

type Input = {
  details: TGetVmProductDetailsResponse;
  product: PricedProduct;
  choice: { configuration: Configuration; regionID: number; timePeriod: number };
  /** The bill on screen: the server's once it has answered. */
  quote: Quote;
  currency: string;
  /** The server refused the order for prices or gateways this page no longer has right. */
  onStale: () => void;
};

/** A Windows product with the licence flag needs the customer's Microsoft licence PDF. */
function needsMicrosoftLicence(vm: TVmProductDetail): boolean {
  return osFamilyOf(vm.osType) === 'windows' && vm.sendMailForLicense === 1;
}

/**
 * Buy Now once the region and period are chosen (vm-lifecycle.md §4): bypass or a single gateway
 * orders at once, PayPal with rand asks to convert to US dollars first, several gateways ask
 * which, none is an error. The order is created on the server, which re-prices it; the invoice
 * screen (/purchasedetails/1) receives it in the navigation state.
 */
export function useBuyNow({ details, product, choice, quote, currency, onStale }: Input) {
  const { translateMessage, translateError } = useContractMessages('products', BUY_NOW_TEXTS);
  const navigate = useNavigate();
  const create = useCreateOrder();
  const [step, setStep] = useState<BuyNowStep>(BUY_NOW_CLOSED);
  // Kept after the dialog closes, so its list does not empty while it fades out.
  const [offered, setOffered] = useState<GatewayName[]>([]);

  const placeOrder = async (gateway: GatewayName | null, convertToUsd: boolean) => {
    if (create.isPending) return;
    const vm = details.VMProductDetail;
    const request = toCreateOrderRequest(vm, product, choice, quote, currency, {
      gateway,
      byPassflag: details.byPassflag,
      convertToUsd,
      microsoftLicense: needsMicrosoftLicence(vm) ? 1 : 0,
    });
    try {
      const order = await create.mutateAsync(request);
      const search = new URLSearchParams({ orderID: order.orderID });
      await navigate(`/purchasedetails/${ORDER_KINDS.newPurchase}?${search}`, {
        state: { order },
      });
    } catch (error) {
      setStep(BUY_NOW_CLOSED);
      showErrorToast({ message: translateError(error) });
      if (isApiError(error) && [400, 409, 422].includes(error.httpStatus)) onStale();
    }
  };

  const follow = (decision: BuyNowDecision) => {
    switch (decision.kind) {
      case 'bypass':
        void placeOrder(null, false);
        return;
      case 'proceed':
        void placeOrder(decision.gateway, false);
        return;
      case 'confirmConversion':
        setStep({ kind: 'convert', gateway: decision.gateway });
        return;
      case 'choose':
        setOffered(decision.gateways);
        setStep({ kind: 'choose', gateways: decision.gateways });
        return;
      case 'noGateway':
        showErrorToast({ message: translateMessage(orderMessages.noGateway) });
        return;
    }
  };

  return {
    step,
    offeredGateways: offered,
    isOrdering: create.isPending,
    /** Buy Now with a valid region and period. */
    start: () => follow(decideBuyNow(details.paymentGateway, details.byPassflag, currency)),
    /** Proceed in the choose-gateway dialog. */
    choose: (gateway: GatewayName) => follow(decideChosenGateway(gateway, currency)),
    /** Proceed in the conversion dialog: pay in US dollars. */
    confirmConversion: () => {
      if (step.kind === 'convert') void placeOrder(step.gateway, true);
    },
    close: () => {
      if (!create.isPending) setStep(BUY_NOW_CLOSED);
    },
  };
}

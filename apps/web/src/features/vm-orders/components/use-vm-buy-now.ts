import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import type { TOrderResponse } from '@cloud-portal/contract/orders/create-order';
import {
  decideBuyNow,
  decideChosenGateway,
  type BuyNowDecision,
  type GatewayName,
} from '@cloud-portal/contract/orders/gateways';
import { orderMessages } from '@cloud-portal/contract/orders/order-messages';
import { isApiError } from '@/lib/api-client';
import { showErrorToast } from '@/lib/notify';
import { BUY_NOW_CLOSED, type BuyNowStep } from './vm-order-kit';
import { useVmOrderMessages } from './vm-order-texts';

/** How the customer pays, as every kind's order call takes it. */
export type VmOrderPayment = {
  paymentGateway: string;
  byPassflag: 0 | 1;
  convertToUsd: boolean;
};

/** Kinds 2–5: clone or snapshot, renew, update, multi-renew (vm-lifecycle.md §2). */
export type VmOrderKind = 2 | 3 | 4 | 5;

type Input = {
  kind: VmOrderKind;
  /** What the VM detail call offered: the gateways, the bypass flag and the bill's currency. */
  offer: { paymentGateway: readonly string[]; byPassflag: 0 | 1; currency: string };
  /** Posts the kind's order call with the bill on screen and the chosen payment. */
  submit: (payment: VmOrderPayment) => Promise<TOrderResponse>;
  /** 409: the server priced it differently; `data` carries its bill. */
  onPriceChanged: (data: unknown) => void;
  /** 403 or 404: the machine is blocked, gone or not the customer's; nothing here can be bought. */
  onUnavailable: () => void;
};

/** Where a placed order is shown: the invoice screen of its kind, the order in the state. */
export function invoicePath(kind: VmOrderKind, order: Pick<TOrderResponse, 'orderID'>): string {
  return `/purchasedetails/${kind}?${new URLSearchParams({ orderID: order.orderID })}`;
}

/**
 * Buy Now of the order screens (vm-lifecycle.md §4, the same decision as a new purchase): bypass
 * or one gateway orders at once, PayPal with rand confirms US dollars first, several gateways ask
 * which, none is an error. The server re-prices the order; a different total is refused (409) and
 * its bill shown instead. A placed order opens /purchasedetails/{kind} with the order in the state.
 */
export function useVmBuyNow({ kind, offer, submit, onPriceChanged, onUnavailable }: Input) {
  const { translateMessage, translateError } = useVmOrderMessages();
  const navigate = useNavigate();
  const [isOrdering, setIsOrdering] = useState(false);
  // A second click before the first answer re-renders must not post a second order.
  const inFlight = useRef(false);
  const [step, setStep] = useState<BuyNowStep>(BUY_NOW_CLOSED);
  // Kept after the dialog closes, so its list does not empty while it fades out.
  const [offered, setOffered] = useState<GatewayName[]>([]);

  const placeOrder = async (gateway: GatewayName | null, convertToUsd: boolean) => {
    if (inFlight.current) return;
    inFlight.current = true;
    setIsOrdering(true);
    try {
      const order = await submit({
        paymentGateway: gateway ?? '',
        byPassflag: offer.byPassflag,
        convertToUsd,
      });
      await navigate(invoicePath(kind, order), { state: { order } });
    } catch (error) {
      setStep(BUY_NOW_CLOSED);
      showErrorToast({ message: translateError(error) });
      if (isApiError(error) && error.httpStatus === 409) onPriceChanged(error.data);
      if (isApiError(error) && [403, 404].includes(error.httpStatus)) onUnavailable();
    } finally {
      inFlight.current = false;
      setIsOrdering(false);
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
    isOrdering,
    /** Buy Now, once the screen's own checks pass. */
    start: () => follow(decideBuyNow(offer.paymentGateway, offer.byPassflag, offer.currency)),
    /** Proceed in the choose-gateway dialog. */
    choose: (gateway: GatewayName) => follow(decideChosenGateway(gateway, offer.currency)),
    /** Proceed in the conversion dialog: pay in US dollars. */
    confirmConversion: () => {
      if (step.kind === 'convert') void placeOrder(step.gateway, true);
    },
    close: () => {
      if (!isOrdering) setStep(BUY_NOW_CLOSED);
    },
  };
}

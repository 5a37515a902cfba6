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
import type { OrderKind } from '@cloud-portal/contract/orders/order-status';
import { isApiError, type ApiError } from '@/lib/api-client';
import { showErrorToast } from '@/lib/notify';
import { BUY_NOW_CLOSED, type BuyNowStep } from './buy-now-step';

/** How the customer pays. */
export type OrderPayment = {
  /** The gateway chosen, or null for a product that skips the gateway (byPassflag 1). */
  gateway: GatewayName | null;
  byPassflag: 0 | 1;
  /** The customer said yes to paying a rand bill in US dollars through PayPal. */
  convertToUsd: boolean;
};

type Input = {
  /** The order's kind: its invoice screen is /purchasedetails/{kind}. */
  kind: OrderKind;
  /** What the product or machine offers: the gateways, the bypass flag and the bill's currency. */
  offer: { paymentGateway: readonly string[]; byPassflag: 0 | 1; currency: string };
  /** Posts the kind's order call with the bill on screen and the chosen payment. */
  submit: (payment: OrderPayment) => Promise<TOrderResponse>;
  /** The server refused the order (its message is already shown): what the screen does next. */
  onRefused: (error: ApiError) => void;
  /** The screen's messages in the page's language. */
  messages: {
    translateMessage: (message: string) => string;
    translateError: (error: unknown) => string;
  };
};

/**
 * Buy Now of every order kind (vm-lifecycle.md §4): bypass or one gateway orders at once, PayPal
 * with rand confirms US dollars first, several gateways ask which, none is an error. The server
 * re-prices the order; a placed order opens /purchasedetails/{kind} with the order in the state.
 */
export function useBuyNow({ kind, offer, submit, onRefused, messages }: Input) {
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
      const order = await submit({ gateway, byPassflag: offer.byPassflag, convertToUsd });
      const search = new URLSearchParams({ orderID: order.orderID });
      await navigate(`/purchasedetails/${kind}?${search}`, { state: { order } });
    } catch (error) {
      setStep(BUY_NOW_CLOSED);
      showErrorToast({ message: messages.translateError(error) });
      if (isApiError(error)) onRefused(error);
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
        showErrorToast({ message: messages.translateMessage(orderMessages.noGateway) });
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

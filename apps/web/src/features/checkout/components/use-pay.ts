import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import type { TOrderResponse } from '@cloud-portal/contract/orders/create-order';
import { PAYPAL_GATEWAY, PESAPAL_GATEWAY } from '@cloud-portal/contract/orders/gateways';
import { orderMessages } from '@cloud-portal/contract/orders/order-messages';
import { ApiError, isApiError } from '@/lib/api-client';
import { showErrorToast } from '@/lib/notify';
import { useContractMessages } from '@/lib/use-contract-messages';
import { useSubmitOrderRequest } from '../api/submit-order-request';
import { useUploadCustomerLicense } from '../api/upload-customer-license';
import { submitGatewayForm, toGatewayUrl } from './gateway-form';

/** §9: PayPal's Pay stops spinning after 5 s (the customer may still be on this page). */
const PAYPAL_LOADING_RESET_MS = 5_000;
/** Any other gateway: a page that did not leave gets its button back. */
const LOADING_RESET_MS = 15_000;

type Options = {
  /** The order as the licence upload answered it (kept for a reload). */
  onOrderUpdated: (order: TOrderResponse) => void;
  /** The upload refused the file: its message, translated, for the licence field. */
  onLicenceRefused: (message: string) => void;
};

/**
 * Pay (vm-lifecycle.md §4 "Pay by gateway"): the licence PDF first when the product needs it
 * (its answer says where to pay), then a product that skips the gateway goes to the result page,
 * a form gateway (PayFast, Ozow) posts its ready-signed form, a redirect gateway (PayPal,
 * Sandbox) sends the browser to its address, and PesaPal asks the server for its order first.
 */
export function usePay(order: TOrderResponse, { onOrderUpdated, onLicenceRefused }: Options) {
  const { translateError } = useContractMessages('checkout', orderMessages);
  const navigate = useNavigate();
  const upload = useUploadCustomerLicense();
  const submitPesapal = useSubmitOrderRequest();
  const [isLeaving, setIsLeaving] = useState(false);
  // The upload's answer: a second Pay with the same file does not send the PDF again.
  const uploadedRef = useRef<{ licence: File; order: TOrderResponse } | null>(null);

  useEffect(() => {
    if (!isLeaving) return;
    const delay = order.paymentMode === PAYPAL_GATEWAY ? PAYPAL_LOADING_RESET_MS : LOADING_RESET_MS;
    const timer = window.setTimeout(() => setIsLeaving(false), delay);
    return () => window.clearTimeout(timer);
  }, [isLeaving, order.paymentMode]);

  useEffect(() => {
    // Back from the gateway, the browser may show this page as it was left: spinning.
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) setIsLeaving(false);
    };
    window.addEventListener('pageshow', onPageShow);
    return () => window.removeEventListener('pageshow', onPageShow);
  }, []);

  const leaveFor = (url: string | null) => {
    const safe = url === null ? null : toGatewayUrl(url, window.location.href);
    if (safe === null) throw unavailable();
    window.location.assign(safe);
  };

  const goPay = async (current: TOrderResponse) => {
    if (current.status === 'paid' || current.byPassFlag === 1) {
      const search = new URLSearchParams({ orderID: current.orderID });
      await navigate(`/transaction-status/${current.commingFrom}?${search}`);
      return;
    }
    if (current.form) {
      const action = toGatewayUrl(current.form.action, window.location.href);
      if (action === null) throw unavailable();
      submitGatewayForm(current.form, action, document);
      return;
    }
    if (current.redirect_url) {
      leaveFor(current.redirect_url);
      return;
    }
    if (current.paymentMode === PESAPAL_GATEWAY) {
      const pesapal = await submitPesapal.mutateAsync(current.orderID);
      leaveFor(pesapal.redirect_url);
      return;
    }
    throw unavailable();
  };

  const pay = async (licence: File | null) => {
    if (isLeaving) return;
    setIsLeaving(true);
    const uploaded = uploadedRef.current?.licence === licence ? uploadedRef.current : null;
    let current = uploaded?.order ?? order;
    try {
      if (order.licenceRequired === 1 && !hasLicenceAtServer(order) && uploaded === null) {
        if (licence === null) throw refused(orderMessages.licenceRequired);
        try {
          current = await upload.mutateAsync({
            orderID: order.orderID,
            vmName: order.vmName,
            licence,
          });
        } catch (error) {
          if (isApiError(error) && (error.httpStatus === 400 || error.httpStatus === 413)) {
            onLicenceRefused(translateError(error));
          }
          throw error;
        }
        uploadedRef.current = { licence, order: current };
        onOrderUpdated(current);
      }
      await goPay(current);
    } catch (error) {
      setIsLeaving(false);
      showErrorToast({ message: translateError(error) });
    }
  };

  return {
    pay,
    isPaying: isLeaving,
    isUploading: upload.isPending,
  };
}

/**
 * The licence is with the server already: the order answered by the upload says where to pay
 * (PesaPal's says nothing, so its licence is sent again after a reload).
 */
export function hasLicenceAtServer(order: TOrderResponse): boolean {
  return order.licenceRequired === 1 && (order.redirect_url !== null || order.form !== null);
}

function unavailable(): ApiError {
  return new ApiError({
    status: 422,
    httpStatus: 422,
    message: orderMessages.gatewayUnavailable,
    data: null,
  });
}

function refused(message: string): ApiError {
  return new ApiError({ status: 400, httpStatus: 400, message, data: null });
}

import {
  OZOW_GATEWAY,
  PAYFAST_GATEWAY,
  PAYPAL_GATEWAY,
  PESAPAL_GATEWAY,
  SANDBOX_GATEWAY,
} from '@cloud-portal/contract/orders/gateways';
import type { GatewayUrls } from '../../payments/gateway';

/**
 * Where each gateway sends the customer back (the web app's return pages of vm-lifecycle.md §2)
 * and where it notifies the server, on the company's own origin (the API shares it).
 */
export function gatewayUrls(gateway: string, origin: string, reference: string): GatewayUrls {
  const ref = encodeURIComponent(reference);
  const at = (path: string) => new URL(path, origin).toString();
  switch (gateway) {
    case PAYFAST_GATEWAY: {
      const back = at(`/transaction-status-payfast/1?orderID=${ref}`);
      return {
        returnUrl: back,
        cancelUrl: `${back}&status=cancelled`,
        errorUrl: back,
        notifyUrl: at('/api/virtualMachine/notifyPayFastStatus'),
      };
    }
    case OZOW_GATEWAY: {
      const back = at('/transaction-status/1');
      return {
        returnUrl: back,
        cancelUrl: back,
        errorUrl: back,
        notifyUrl: at('/api/payments/ozow/notify'),
      };
    }
    case PAYPAL_GATEWAY: {
      const back = at(`/transaction-status-paypal/${ref}/1`);
      return {
        returnUrl: back,
        cancelUrl: `${back}?status=cancelled`,
        errorUrl: back,
        notifyUrl: at('/api/payments/paypal/webhook'),
      };
    }
    case PESAPAL_GATEWAY: {
      const back = at(`/transaction-status-pesapal/${ref}/1`);
      return {
        returnUrl: back,
        cancelUrl: `${back}?status=cancelled`,
        errorUrl: back,
        notifyUrl: at('/api/payments/pesapal/ipn'),
      };
    }
    case SANDBOX_GATEWAY:
    default: {
      const back = at(`/transaction-status/1?orderID=${ref}`);
      return {
        returnUrl: back,
        cancelUrl: back,
        errorUrl: back,
        // The checkout page, and the address its buttons post to.
        notifyUrl: at(`/api/payments/sandbox/${ref}`),
      };
    }
  }
}

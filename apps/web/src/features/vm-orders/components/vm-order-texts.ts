import { useContractMessages } from '@/lib/use-contract-messages';
import { VM_ORDER_TEXTS } from './vm-order-messages';

/** The order screens' messages in the page's language (the server's own text when unknown). */
export function useVmOrderMessages() {
  return useContractMessages('vmOrders', VM_ORDER_TEXTS);
}

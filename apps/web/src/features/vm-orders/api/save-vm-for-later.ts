import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  TSaveVmAlreadySaved,
  TSaveVmForLaterRequest,
} from '@cloud-portal/contract/saved-items/saved-vm';
import { apiPostForMessage, isApiError } from '@/lib/api-client';
import { SAVED_ITEMS_QUERY_KEY } from '@/lib/saved-items-query-key';

type SaveMachineInput = Omit<TSaveVmForLaterRequest, 'processorUnit' | 'totalAmount'> & {
  /** The new-purchase total the browser computed for this configuration (2-decimal string). */
  totalAmount: string;
};

function post(input: SaveMachineInput): Promise<string> {
  const body: TSaveVmForLaterRequest = { ...input, processorUnit: 'cores' };
  return apiPostForMessage('virtualMachine/saveVMForLater', body, { authenticated: true });
}

/** The server's own quote of a 409 'The price has changed…' answer, if that is what it was. */
function serverTotal(error: unknown): string | null {
  if (!isApiError(error) || error.httpStatus !== 409) return null;
  const quote = (error.data as { quote?: { totalPayable?: unknown } } | null)?.quote;
  return typeof quote?.totalPayable === 'string' ? quote.totalPayable : null;
}

/**
 * POST /api/virtualMachine/saveVMForLater from an order screen's bookmark (vm-lifecycle.md §2.2,
 * §2.3): the machine's configuration as a product to buy again. Nothing is charged and the screen
 * shows the renewal or update price, not a new purchase's, so when the server prices the
 * configuration differently (409 with data.quote) it is saved at the server's price, once.
 * Resolves with the server's message; 409 'Already in your saved items' when it is saved already.
 */
export async function saveMachineForLater(input: SaveMachineInput): Promise<string> {
  try {
    return await post(input);
  } catch (error) {
    const total = serverTotal(error);
    if (total === null || isAlreadySavedError(error)) throw error;
    return post({ ...input, totalAmount: total });
  }
}

export function useSaveMachineForLater() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveMachineForLater,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: SAVED_ITEMS_QUERY_KEY }),
  });
}

/** The save was refused because this configuration is in the saved items already. */
export function isAlreadySavedError(error: unknown): boolean {
  if (!isApiError(error) || error.httpStatus !== 409) return false;
  const data = error.data as Partial<TSaveVmAlreadySaved> | null;
  return data?.isAlreadySaved === true;
}

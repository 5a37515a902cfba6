import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  TSaveVmAlreadySaved,
  TSaveVmForLaterRequest,
} from '@cloud-portal/contract/saved-items/saved-vm';
import { apiPostForMessage, isApiError } from '@/lib/api-client';
import { SAVED_ITEMS_QUERY_KEY } from '@/lib/saved-items-query-key';

type SaveVmForLaterInput = {
  productID: number;
  processorCount: number;
  memoryCount: number;
  memoryUnit: string;
  driveCount: number;
  driveUnit: string;
  /** The region's id, 0 when none is chosen. */
  region: number;
  /** The total payable the customer was shown (2-decimal string); the server checks it. */
  totalAmount: string;
  /** Days, 0 when none is chosen. */
  timePeriod: number;
};

/**
 * POST /api/virtualMachine/saveVMForLater: 'Your product has been successfully saved'. 409 when
 * the price has changed or the configuration is saved already, 422 when 100 are saved already,
 * 400 when the choice is not offered.
 */
export function saveVmForLater(input: SaveVmForLaterInput): Promise<string> {
  const body: TSaveVmForLaterRequest = { ...input, processorUnit: 'cores' };
  return apiPostForMessage('virtualMachine/saveVMForLater', body, { authenticated: true });
}

export function useSaveVmForLater() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveVmForLater,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: SAVED_ITEMS_QUERY_KEY }),
  });
}

/** The save was refused because this configuration is in the saved items already. */
export function isAlreadySavedError(error: unknown): boolean {
  if (!isApiError(error) || error.httpStatus !== 409) return false;
  const data = error.data as Partial<TSaveVmAlreadySaved> | null;
  return data?.isAlreadySaved === true;
}

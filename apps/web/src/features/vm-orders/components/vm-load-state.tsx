import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { vmActionMessages } from '@cloud-portal/contract/vms/vm-action-rules';
import { isApiError } from '@/lib/api-client';
import { useVmOrderMessages } from './vm-order-texts';
import { VmLoadError, VmOrderSkeleton, VmUnavailable } from './vm-order-frame';

type Props<TData> = {
  /** The machine (or selection) from the route; null when the route holds none. */
  vmId: number | readonly number[] | null;
  query: UseQueryResult<TData>;
  children: (data: TData) => ReactNode;
};

/**
 * A screen's load: the skeleton, then the screen; a machine that is not the customer's, blocked
 * or gone (403, 404, 409) says so with the way back to the machines; any other failure offers a
 * retry. A route without a valid id makes no call.
 */
export function VmLoadState<TData>({ vmId, query, children }: Props<TData>) {
  const { translateMessage, translateError } = useVmOrderMessages();
  if (vmId === null) return <VmUnavailable message={translateMessage(vmActionMessages.notFound)} />;
  if (query.data !== undefined) return <>{children(query.data)}</>;
  if (query.isError) {
    const error = query.error;
    if (isApiError(error) && [403, 404, 409, 422].includes(error.httpStatus)) {
      return <VmUnavailable message={translateError(error)} />;
    }
    return (
      <VmLoadError
        message={translateError(error)}
        onRetry={() => void query.refetch()}
        isRetrying={query.isFetching}
      />
    );
  }
  return <VmOrderSkeleton />;
}

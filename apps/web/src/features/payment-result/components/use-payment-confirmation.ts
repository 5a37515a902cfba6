import { useCallback, useEffect, useMemo, useState } from 'react';
import { useOrderStatus } from '@/lib/order-status-api';
import { useTransactionApi } from '../api/transaction-api';
import { buildTransactionApiBody } from './order-reference';
import { decidePaymentView, isNotFoundError } from './payment-view';
import { POLL_LIMIT_MS, pollIntervalFor } from './poll-interval';

/**
 * A return page's order, confirmed with the server: one transactionApi call on arrival (the
 * server asks the gateway now), then getOrderStatus while the order is pending, faster at first,
 * until 3 minutes have passed; `checkAgain` starts another 3 minutes. Polling stops when the
 * page is left (the queries' observers go with it).
 */
export function usePaymentConfirmation(orderID: string, search: string) {
  const body = useMemo(
    () => buildTransactionApiBody(new URLSearchParams(search), orderID),
    [search, orderID],
  );
  const confirm = useTransactionApi(body);

  const [startedAt, setStartedAt] = useState(() => Date.now());
  const [hasGivenUp, setHasGivenUp] = useState(false);
  useEffect(() => {
    if (hasGivenUp) return;
    const timer = window.setTimeout(
      () => setHasGivenUp(true),
      Math.max(0, startedAt + POLL_LIMIT_MS - Date.now()),
    );
    return () => window.clearTimeout(timer);
  }, [startedAt, hasGivenUp]);

  const status = useOrderStatus(orderID, {
    // transactionApi's answer seeds the status; a 404 there means there is nothing to poll.
    enabled: !confirm.isPending && !isNotFoundError(confirm.error),
    refetchInterval: (query) =>
      query.state.data?.status === 'pending' && !hasGivenUp && !isNotFoundError(query.state.error)
        ? pollIntervalFor(Date.now() - startedAt)
        : false,
  });

  const view = decidePaymentView({
    confirmError: confirm.error,
    order: status.data,
    statusError: status.error,
    hasGivenUp,
  });

  const { refetch } = status;
  const checkAgain = useCallback(() => {
    setStartedAt(Date.now());
    setHasGivenUp(false);
    void refetch();
  }, [refetch]);

  return { view, checkAgain, isChecking: status.isFetching };
}

import { useQuery } from '@tanstack/react-query';
import type { TUserNotificationResponse } from '@cloud-portal/contract/accounts/notifications';
import { apiGet } from '@/lib/api-client';

export const USER_NOTIFICATIONS_QUERY_KEY = ['accounts', 'notifications'] as const;

/** GET /api/userNotification: the customer's newest notifications and the unread count. */
export function getUserNotifications(signal?: AbortSignal): Promise<TUserNotificationResponse> {
  return apiGet<TUserNotificationResponse>('userNotification', { signal, authenticated: true });
}

export function useUserNotifications() {
  return useQuery({
    queryKey: USER_NOTIFICATIONS_QUERY_KEY,
    queryFn: ({ signal }) => getUserNotifications(signal),
    // The bell's count stays current while the customer reads the site.
    refetchOnWindowFocus: true,
    refetchInterval: 5 * 60_000,
  });
}

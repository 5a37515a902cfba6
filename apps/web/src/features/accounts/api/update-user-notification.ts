import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TUpdateUserNotificationRequest } from '@cloud-portal/contract/accounts/notifications';
import { apiPost } from '@/lib/api-client';
import { USER_NOTIFICATIONS_QUERY_KEY } from './get-user-notifications';

/** POST /api/notification/updateUserNotification: marks these notifications read. */
export function updateUserNotification(ids: number[]): Promise<{ updated: number }> {
  const body: TUpdateUserNotificationRequest = { notification: ids };
  return apiPost<{ updated: number }>('notification/updateUserNotification', body, {
    authenticated: true,
  });
}

export function useUpdateUserNotification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUserNotification,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: USER_NOTIFICATIONS_QUERY_KEY }),
  });
}

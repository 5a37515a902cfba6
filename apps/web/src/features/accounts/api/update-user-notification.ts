import { useMutation } from '@tanstack/react-query';
import type { TUpdateUserNotificationRequest } from '@cloud-portal/contract/accounts/notifications';
import { apiPost } from '@/lib/api-client';

/** POST /api/notification/updateUserNotification: marks these notifications read. */
export function updateUserNotification(ids: number[]): Promise<{ updated: number }> {
  const body: TUpdateUserNotificationRequest = { notification: ids };
  return apiPost<{ updated: number }>('notification/updateUserNotification', body, {
    authenticated: true,
  });
}

export function useUpdateUserNotification() {
  return useMutation({ mutationFn: updateUserNotification });
}

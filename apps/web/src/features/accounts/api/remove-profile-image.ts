import { useMutation } from '@tanstack/react-query';
import { apiGetForMessage } from '@/lib/api-client';

/**
 * GET /api/profileSetting/removeProfileImage: the spec's GET that changes state, so it carries the
 * X-CSRF-Token header like a POST. 200 'Image removed successfully'.
 */
export function removeProfileImage(): Promise<string> {
  return apiGetForMessage('profileSetting/removeProfileImage', { authenticated: true });
}

export function useRemoveProfileImage() {
  return useMutation({ mutationFn: removeProfileImage });
}

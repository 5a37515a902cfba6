import { useMutation } from '@tanstack/react-query';
import type { TUpdatePasswordRequest } from '@cloud-portal/contract/accounts/password-recovery';
import { apiPostForMessage } from '@/lib/api-client';
import { getSiteOrigin } from '@/lib/site-origin';

type Input = { password: string; confirmPassword: string; queryStringValue: string };

/**
 * POST /api/updatePassword with the recovery link's token: 200 'Your password has been updated.
 * Please log in.'; 400 'This password recovery link is invalid or has expired' or field errors.
 */
export function updatePassword(input: Input): Promise<string> {
  const body: TUpdatePasswordRequest = { ...input, websiteUrl: getSiteOrigin() };
  return apiPostForMessage('updatePassword', body);
}

export function useUpdatePassword() {
  return useMutation({ mutationFn: updatePassword });
}

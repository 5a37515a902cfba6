import { useMutation } from '@tanstack/react-query';
import type { TForgotPasswordRequest } from '@cloud-portal/contract/accounts/password-recovery';
import { apiPostForMessage } from '@/lib/api-client';
import { getSiteOrigin } from '@/lib/site-origin';

/**
 * POST /api/forgotPassword: mails a recovery link. Always 200 'An email is sent to your account
 * please check and log in.', whether or not the address has an account.
 */
export function forgotPassword(emailID: string): Promise<string> {
  const body: TForgotPasswordRequest = { emailID: emailID.trim(), websiteUrl: getSiteOrigin() };
  return apiPostForMessage('forgotPassword', body);
}

export function useForgotPassword() {
  return useMutation({ mutationFn: forgotPassword });
}

import { useMutation } from '@tanstack/react-query';
import type { TForgotUserNameRequest } from '@cloud-portal/contract/accounts/password-recovery';
import { apiPostForMessage } from '@/lib/api-client';
import { getSiteOrigin } from '@/lib/site-origin';

/**
 * POST /api/forgotUserName: mails a reminder of the login email to the address, when it has an
 * account. Always 200 'An email is sent to your account please check and log in.'
 */
export function forgotUserName(emailID: string): Promise<string> {
  const body: TForgotUserNameRequest = { emailID: emailID.trim(), websiteUrl: getSiteOrigin() };
  return apiPostForMessage('forgotUserName', body);
}

export function useForgotUserName() {
  return useMutation({ mutationFn: forgotUserName });
}

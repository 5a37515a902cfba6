import { useMutation } from '@tanstack/react-query';
import type {
  TCheckEmailRequest,
  TCheckEmailResponse,
} from '@cloud-portal/contract/accounts/check-email';
import { apiPost } from '@/lib/api-client';
import { getSiteOrigin } from '@/lib/site-origin';

/**
 * POST /api/checkEmail (ADR 014): whether the address can still open an account here, asked when
 * the visitor leaves sign-up's step one. 200 when it can, 409 when it has an account (adduser's
 * message), 400 for an address adduser would refuse, 429 when asked too often.
 */
export function checkEmail(emailID: string): Promise<TCheckEmailResponse> {
  const body: TCheckEmailRequest = { emailID: emailID.trim(), websiteUrl: getSiteOrigin() };
  return apiPost<TCheckEmailResponse>('checkEmail', body);
}

export function useCheckEmail() {
  return useMutation({ mutationFn: checkEmail });
}

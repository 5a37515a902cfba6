import { useMutation } from '@tanstack/react-query';
import type { TResendOtpRequest } from '@cloud-portal/contract/accounts/login';
import { apiPostForMessage } from '@/lib/api-client';
import { getSiteOrigin } from '@/lib/site-origin';

type Input = { emailID: string; ID: string };

/**
 * POST /api/resendOtp: a new code for the same pending login. Always 200 'If this login is still
 * open, a new OTP is on its way to …' (the server does not tell whether it was); 429 rate limited.
 */
export function resendOtp({ emailID, ID }: Input): Promise<string> {
  const body: TResendOtpRequest = { emailID, ID, websiteUrl: getSiteOrigin() };
  return apiPostForMessage('resendOtp', body);
}

export function useResendOtp() {
  return useMutation({ mutationFn: resendOtp });
}

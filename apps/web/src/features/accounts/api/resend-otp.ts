import { useMutation } from '@tanstack/react-query';
import type { TResendOtpRequest } from '@cloud-portal/contract/accounts/login';
import { apiPostForMessage } from '@/lib/api-client';
import { getSiteOrigin } from '@/lib/site-origin';

type Input = { emailID: string; ID: number };

/**
 * POST /api/resendOtp: a new code for the same pending login. 200 'An OTP is resent to your …';
 * 400 'This login has expired. Please log in again.'; 429.
 */
export function resendOtp({ emailID, ID }: Input): Promise<string> {
  const body: TResendOtpRequest = { emailID, ID, websiteUrl: getSiteOrigin() };
  return apiPostForMessage('resendOtp', body);
}

export function useResendOtp() {
  return useMutation({ mutationFn: resendOtp });
}

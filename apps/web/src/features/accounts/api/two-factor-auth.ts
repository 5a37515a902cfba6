import { useMutation } from '@tanstack/react-query';
import type { TTwoFactorAuthRequest } from '@cloud-portal/contract/accounts/login';
import type { TSessionUser } from '@cloud-portal/contract/accounts/session';
import { apiPostForResult } from '@/lib/api-client';
import { getSiteOrigin } from '@/lib/site-origin';

type Input = { emailID: string; ID: string; OTP: string };

/**
 * POST /api/twoFactorAuth: the mailed code completes the login and starts the session (the
 * server sets the cookies). `ID` is the pending login's opaque reference. 200: `data[0]` is the
 * customer, the message 'Login successfully!' or 'OTP has been verified successfully!'; 400 a
 * wrong or expired code, or a login that has ended (log in again); 429 the fifth wrong code.
 */
export async function twoFactorAuth({ emailID, ID, OTP }: Input) {
  const body: TTwoFactorAuthRequest = { emailID, ID, OTP, websiteUrl: getSiteOrigin() };
  const { data, message } = await apiPostForResult<TSessionUser[]>('twoFactorAuth', body);
  const [user] = data;
  if (!user) throw new Error('twoFactorAuth answered without the customer.');
  return { user, message };
}

export function useTwoFactorAuth() {
  return useMutation({ mutationFn: twoFactorAuth });
}

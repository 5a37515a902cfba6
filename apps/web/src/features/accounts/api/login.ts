import { useMutation } from '@tanstack/react-query';
import type { TPendingLogin } from '@cloud-portal/contract/accounts/add-user';
import type { TLoginRequest } from '@cloud-portal/contract/accounts/login';
import { apiPostForResult } from '@/lib/api-client';
import { getSiteOrigin } from '@/lib/site-origin';

type Input = { emailID: string; password: string };

/**
 * POST /api/login: a correct email and password mail a one-time code. 200 `{ ID, emailId }` (`ID`
 * the pending login's opaque reference) with 'An OTP is sent to your *****i@…'; 401 'Invalid email
 * or password'; 429 when paused (five wrong passwords) or too many codes were sent.
 */
export function login({ emailID, password }: Input) {
  const body: TLoginRequest = { emailID: emailID.trim(), password, websiteUrl: getSiteOrigin() };
  return apiPostForResult<TPendingLogin>('login', body);
}

export function useLogin() {
  return useMutation({ mutationFn: login });
}

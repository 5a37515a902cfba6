import { useMutation } from '@tanstack/react-query';
import type { TSubscribeUserRequest } from '@cloud-portal/contract/content/subscribe-user';
import { apiPost } from '@/lib/api-client';
import { getSiteOrigin } from '@/lib/site-origin';

/** POST /api/newsLetter/subscribeUser: 200 subscribed, 409 already subscribed. */
export function subscribeUser(emailID: string): Promise<null> {
  const body: TSubscribeUserRequest = { emailID: emailID.trim(), websiteUrl: getSiteOrigin() };
  return apiPost<null>('newsLetter/subscribeUser', body);
}

export function useSubscribeUser() {
  return useMutation({ mutationFn: subscribeUser });
}

import { useMutation } from '@tanstack/react-query';
import type { TUnsubscribeUserRequest } from '@cloud-portal/contract/content/unsubscribe-user';
import { apiPostForMessage } from '@/lib/api-client';
import { getSiteOrigin } from '@/lib/site-origin';

/**
 * POST /api/newsLetter/unSubscribeUser with the link's token: 200 'You have been unsubscribed
 * from the newsletter', 404 or 400 'This unsubscribe link is invalid or has already been used'.
 */
export function unsubscribeUser(queryStringValue: string): Promise<string> {
  const body: TUnsubscribeUserRequest = { queryStringValue, websiteUrl: getSiteOrigin() };
  return apiPostForMessage('newsLetter/unSubscribeUser', body);
}

export function useUnsubscribeUser() {
  return useMutation({ mutationFn: unsubscribeUser });
}

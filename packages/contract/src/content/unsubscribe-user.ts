import { z } from 'zod';
import { messages } from '../validation/messages';
import { zWebsiteUrl } from '../validation/website-url';

/**
 * POST /api/newsLetter/unSubscribeUser: `queryStringValue` is the token of the unsubscribe link
 * (`/newsletter?token=…`) every newsletter mail carries. Single use; 200 'You have been
 * unsubscribed from the newsletter', 404 for an unknown or used token.
 */
export const ZUnsubscribeUserRequest = z.object({
  queryStringValue: z
    .string({ error: messages.unsubscribeLinkInvalid })
    .trim()
    .regex(/^[A-Za-z0-9_-]{20,200}$/, messages.unsubscribeLinkInvalid),
  websiteUrl: zWebsiteUrl,
});
export type TUnsubscribeUserRequest = z.input<typeof ZUnsubscribeUserRequest>;

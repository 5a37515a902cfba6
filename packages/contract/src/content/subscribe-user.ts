import { z } from 'zod';
import { zEmail } from '../validation/field-schemas';
import { zWebsiteUrl } from '../validation/website-url';

/** POST /api/newsLetter/subscribeUser: 200 'Subscribed successfully', 409 'The email already exists'. */
export const ZSubscribeUserRequest = z.object({
  emailID: zEmail(),
  websiteUrl: zWebsiteUrl,
});
export type TSubscribeUserRequest = z.input<typeof ZSubscribeUserRequest>;

import { z } from 'zod';
import { zWebsiteUrl } from '../validation/website-url';
import { accountTexts } from './account-texts';
import { zAccountEmail } from './account-fields';

export const EMAIL_AVAILABLE = accountTexts.emailAvailable;

/**
 * POST /api/checkEmail (not in the spec, ADR 014): sign-up asks, when the visitor leaves step one,
 * whether the address can still open an account with this company. 200 when it can; 409 with
 * adduser's own message when it already has one; 400 with adduser's email rule and message.
 * It tells nothing adduser does not, and is rate-limited per client address like the other
 * public writes.
 */
export const ZCheckEmailRequest = z.object({ emailID: zAccountEmail, websiteUrl: zWebsiteUrl });
export type TCheckEmailRequest = z.input<typeof ZCheckEmailRequest>;

/** The address as sign-up will store it (trimmed, lower-cased). */
export const ZCheckEmailResponse = z.object({ emailID: z.string() });
export type TCheckEmailResponse = z.infer<typeof ZCheckEmailResponse>;

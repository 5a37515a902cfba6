import { z } from 'zod';
import { zEmail, zRequiredText } from '../validation/field-schemas';
import { messages } from '../validation/messages';
import { zWebsiteUrl } from '../validation/website-url';
import { contentTextLimits } from './text-limits';

/**
 * POST /api/writeToUs: the Contact page's "Write to us". Stored, mailed to the company, and a
 * thank-you copy mailed to the writer. 200 'Thank you. Please check your email'.
 */
export const ZWriteToUsRequest = z.object({
  emailID: zEmail(),
  content: zRequiredText(messages.descriptionRequired, contentTextLimits.writeToUs.content),
  websiteUrl: zWebsiteUrl,
});
export type TWriteToUsRequest = z.input<typeof ZWriteToUsRequest>;

import { z } from 'zod';
import { zEmail } from '../validation/email';
import { messages } from '../validation/messages';
import { zRequiredText } from '../validation/text';
import { zWebsiteUrl } from '../validation/website-url';

/**
 * POST /api/productServicesData/sendQueryMail: the enquiry form of a SendEmailForEnquiry business
 * unit. 200 'Your request have been submitted!'.
 */
export const ZSendQueryMailRequest = z.object({
  name: zRequiredText(messages.nameRequired, 200),
  emailID: zEmail(messages.emailInvalidLogin),
  queryData: zRequiredText(messages.descriptionRequired),
  productService: zRequiredText(messages.productServiceRequired, 200),
  websiteUrl: zWebsiteUrl,
});
export type TSendQueryMailRequest = z.input<typeof ZSendQueryMailRequest>;

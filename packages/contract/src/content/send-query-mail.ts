import { z } from 'zod';
import { zEmail, zRequiredText } from '../validation/field-schemas';
import { messages } from '../validation/messages';
import { zWebsiteUrl } from '../validation/website-url';
import { contentTextLimits } from './text-limits';

/**
 * POST /api/productServicesData/sendQueryMail: the enquiry form of a SendEmailForEnquiry business
 * unit. 200 'Your request have been submitted!'.
 */
export const ZSendQueryMailRequest = z.object({
  name: zRequiredText(messages.nameRequired, contentTextLimits.enquiry.name),
  emailID: zEmail(messages.emailInvalidLogin),
  queryData: zRequiredText(messages.descriptionRequired, contentTextLimits.enquiry.queryData),
  productService: zRequiredText(
    messages.productServiceRequired,
    contentTextLimits.enquiry.productService,
  ),
  websiteUrl: zWebsiteUrl,
});
export type TSendQueryMailRequest = z.input<typeof ZSendQueryMailRequest>;

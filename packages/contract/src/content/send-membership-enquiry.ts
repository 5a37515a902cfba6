import { z } from 'zod';
import { zEmail, zOptionalText, zRequiredText } from '../validation/field-schemas';
import { messages } from '../validation/messages';
import { zWebsiteUrl } from '../validation/website-url';
import { isContactNumber } from './membership-rules';
import { contentTextLimits } from './text-limits';

const limits = contentTextLimits.membership;

/**
 * POST /api/membership/sendEnquiry (multipart/form-data): the CxO series membership enquiry.
 * Text fields below, plus an optional file field `companyLogo` (see membership-rules.ts).
 * Stored, and mailed to the company with the logo attached.
 */
export const ZSendMembershipEnquiryFields = z.object({
  companyName: zRequiredText(messages.companyNameRequired, limits.companyName),
  emailID: zEmail(),
  contactNo: z
    .string({ error: messages.contactNumberRequired })
    .trim()
    .min(1, { error: messages.contactNumberRequired, abort: true })
    .refine(isContactNumber, messages.contactNumberInvalid),
  vatNumber: zOptionalText(limits.vatNumber),
  registrationNumber: zRequiredText(messages.registrationNumberRequired, limits.registrationNumber),
  companyAddress: zRequiredText(messages.companyAddressRequired, limits.companyAddress),
  websiteUrl: zWebsiteUrl,
});
export type TSendMembershipEnquiryFields = z.input<typeof ZSendMembershipEnquiryFields>;

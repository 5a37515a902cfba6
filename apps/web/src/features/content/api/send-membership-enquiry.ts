import { useMutation } from '@tanstack/react-query';
import type { TSendMembershipEnquiryFields } from '@cloud-portal/contract/content/send-membership-enquiry';
import { apiPostForMessage } from '@/lib/api-client';
import { getSiteOrigin } from '@/lib/site-origin';

type MembershipEnquiryInput = Omit<TSendMembershipEnquiryFields, 'websiteUrl'> & {
  companyLogo: File | null;
};

/**
 * POST /api/membership/sendEnquiry as multipart/form-data: the text fields and, when chosen, the
 * file `companyLogo`. 200 'Thank you. Your membership enquiry has been sent'.
 */
export function sendMembershipEnquiry({
  companyLogo,
  ...fields
}: MembershipEnquiryInput): Promise<string> {
  const form = new FormData();
  const textFields: TSendMembershipEnquiryFields = { ...fields, websiteUrl: getSiteOrigin() };
  for (const [name, value] of Object.entries(textFields)) {
    form.set(name, typeof value === 'string' ? value.trim() : '');
  }
  if (companyLogo) form.set('companyLogo', companyLogo, companyLogo.name);
  return apiPostForMessage('membership/sendEnquiry', form);
}

export function useSendMembershipEnquiry() {
  return useMutation({ mutationFn: sendMembershipEnquiry });
}

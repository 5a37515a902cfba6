import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { zEnvelope } from '@cloud-portal/contract/envelope-schema';
import { ZWriteToUsRequest } from '@cloud-portal/contract/content/write-to-us';
import { ZSendMembershipEnquiryFields } from '@cloud-portal/contract/content/send-membership-enquiry';
import { MEMBERSHIP_LOGO_MAX_BYTES } from '@cloud-portal/contract/content/membership-rules';
import { messages } from '@cloud-portal/contract/validation/messages';
import type { AppDeps } from '../../app-deps';
import { errorResponses, ok } from '../../http/envelope';
import { publicWriteRateLimit } from '../../http/rate-limits';
import { acceptingUploads, readFormWithFile } from '../../http/multipart-uploads';
import { resolveCompany } from '../../tenancy/resolve-company';
import { requestLanguage } from '../../tenancy/request-language';
import { checkMembershipLogo, type CheckedLogo } from './membership-logo';
import { sendMembershipEnquiry } from './send-membership-enquiry';
import { writeToUs } from './write-to-us';

/** Contact / Help: "Write to us" and the CxO series membership enquiry. */
export function contactRoutes({ companies, mail, uploadsDir }: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/writeToUs',
      {
        config: publicWriteRateLimit,
        schema: {
          tags: ['content'],
          summary:
            'Write to the company: stored, mailed to it, and an acknowledgement mailed to the writer',
          body: ZWriteToUsRequest,
          response: { 200: zEnvelope(z.null()), ...errorResponses },
        },
      },
      async (request) => {
        const company = await resolveCompany(companies, request, request.body.websiteUrl);
        await writeToUs(mail, company, {
          email: request.body.emailID,
          content: request.body.content,
          language: requestLanguage(request, company),
        });
        return ok(null, messages.thankYouCheckEmail);
      },
    );

    await app.register(
      acceptingUploads(async (uploads) => {
        uploads.post(
          '/membership/sendEnquiry',
          {
            config: publicWriteRateLimit,
            schema: {
              tags: ['content'],
              summary: 'CxO series membership enquiry (multipart/form-data)',
              description:
                'Fields companyName, emailID, contactNo, vatNumber, registrationNumber, companyAddress, websiteUrl; ' +
                'optional file companyLogo (PNG, JPEG or WebP, ≤ 2 MB, 50 px wide or high).',
              consumes: ['multipart/form-data'],
              response: { 200: zEnvelope(z.null()), ...errorResponses },
            },
          },
          async (request) => {
            const { fields, file: logoUpload } = await readFormWithFile(request, {
              schema: ZSendMembershipEnquiryFields,
              fileField: 'companyLogo',
              notMultipartMessage: 'Send the enquiry as multipart/form-data',
              tooLargeMessage: messages.logoTooLarge,
              limits: { fileSize: MEMBERSHIP_LOGO_MAX_BYTES, fields: 20 },
            });
            const logo: CheckedLogo | null =
              logoUpload && logoUpload.length > 0 ? await checkMembershipLogo(logoUpload) : null;

            const company = await resolveCompany(companies, request, fields.websiteUrl);
            await sendMembershipEnquiry(
              { mail, uploadsDir },
              company,
              {
                companyName: fields.companyName,
                email: fields.emailID,
                contactNumber: fields.contactNo,
                vatNumber: fields.vatNumber,
                registrationNumber: fields.registrationNumber,
                companyAddress: fields.companyAddress,
              },
              logo,
              requestLanguage(request, company),
            );
            return ok(null, messages.membershipEnquirySent);
          },
        );
      }),
    );
  };
}

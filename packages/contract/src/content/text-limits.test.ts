import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { ZSendMembershipEnquiryFields } from './send-membership-enquiry';
import { ZSendQueryMailRequest } from './send-query-mail';
import { contentTextLimits } from './text-limits';
import { ZWriteToUsRequest } from './write-to-us';

const valid = {
  writeToUs: { emailID: 'lerato@example.co.za', content: 'Hello' },
  enquiry: {
    name: 'Lerato',
    emailID: 'lerato@example.co.za',
    queryData: 'A quote, please',
    productService: 'Enterprise Networking',
  },
  membership: {
    companyName: 'Ubuntu Analytics',
    emailID: 'lerato@example.co.za',
    contactNo: '+27 21 555 0142',
    vatNumber: '',
    registrationNumber: '2020/123456/07',
    companyAddress: '4 Bree Street, Cape Town',
  },
};

const schemas: Record<keyof typeof contentTextLimits, z.ZodType> = {
  writeToUs: ZWriteToUsRequest,
  enquiry: ZSendQueryMailRequest,
  membership: ZSendMembershipEnquiryFields,
};

describe('the content forms’ text limits', () => {
  for (const [form, limits] of Object.entries(contentTextLimits)) {
    for (const [field, limit] of Object.entries(limits)) {
      it(`${form}.${field}: the schema takes ${limit} characters and refuses ${limit + 1}`, () => {
        const schema = schemas[form as keyof typeof schemas];
        const base = valid[form as keyof typeof valid];
        expect(schema.safeParse({ ...base, [field]: 'x'.repeat(limit) }).success).toBe(true);
        const tooLong = schema.safeParse({ ...base, [field]: 'x'.repeat(limit + 1) });
        expect(tooLong.success).toBe(false);
        expect(tooLong.error?.issues).toEqual([
          expect.objectContaining({ path: [field], message: `Use at most ${limit} characters` }),
        ]);
      });
    }
  }
});

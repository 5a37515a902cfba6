import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestAppWithMail, MAIN_ORIGIN } from '../../../test/support/test-app';
import { multipartBody } from '../../../test/support/multipart';
import type { ReceivedMail } from '../../../test/support/smtp-receiver';

/*
 * The public forms mail an acknowledgement to whatever address the visitor typed. Nobody has
 * confirmed that address, so a form that quoted the visitor's text there would relay spam or
 * phishing in the company's name: the acknowledgement carries the company's words only.
 */

let t: Awaited<ReturnType<typeof createTestAppWithMail>>;
beforeAll(async () => {
  t = await createTestAppWithMail();
});
afterAll(() => t.close());

let client = 0;
const from = () => `10.31.0.${++client}`;
const LURE = 'Your account is locked: verify at http://phish.example/login';
const COMPANY = 'support@nimbusafrica.example';

const everything = (mail: ReceivedMail) =>
  [mail.subject, mail.text, mail.html, ...mail.attachments.map((file) => file.filename)].join('\n');

async function mailsFor(victim: string) {
  const toVictim = await t.smtp.waitFor((mail) => mail.to.includes(victim));
  const toCompany = await t.smtp.waitFor(
    (mail) => mail.to.includes(COMPANY) && mail.replyTo === victim,
  );
  return { toVictim, toCompany };
}

describe('acknowledgements to the address a visitor typed', () => {
  it('Write to us: the company gets the message, the address only the brand’s thanks', async () => {
    const victim = 'victim.one@example.org';
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/writeToUs',
      headers: { origin: MAIN_ORIGIN },
      remoteAddress: from(),
      payload: { emailID: victim, content: LURE },
    });
    expect(response.statusCode).toBe(200);
    const { toVictim, toCompany } = await mailsFor(victim);
    expect(toCompany.text).toContain(LURE);
    expect(everything(toVictim)).not.toMatch(/phish|locked/);
    expect(toVictim.text).toContain('Nimbus Africa Cloud');
  });

  it('a product enquiry: nothing of the name, service or message goes to the address', async () => {
    const victim = 'victim.two@example.org';
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/productServicesData/sendQueryMail',
      headers: { origin: MAIN_ORIGIN },
      remoteAddress: from(),
      payload: {
        name: 'Security Team - act now',
        emailID: victim,
        queryData: LURE,
        productService: 'Enterprise Networking',
      },
    });
    expect(response.statusCode).toBe(200);
    const { toVictim, toCompany } = await mailsFor(victim);
    expect(toCompany.text).toContain(LURE);
    expect(toCompany.subject).toContain('Security Team - act now');
    expect(everything(toVictim)).not.toMatch(/phish|locked|Security Team|Enterprise Networking/);
  });

  it('a membership enquiry: nothing of the company name or details, and no attachment', async () => {
    const victim = 'victim.three@example.org';
    const body = multipartBody({
      companyName: 'Verify your bank at phish.example',
      emailID: victim,
      contactNo: '+27 82 555 0199',
      vatNumber: '',
      registrationNumber: '2019/123456/07',
      companyAddress: LURE,
    });
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/membership/sendEnquiry',
      headers: { origin: MAIN_ORIGIN, ...body.headers },
      remoteAddress: from(),
      payload: body.payload,
    });
    expect(response.statusCode).toBe(200);
    const { toVictim, toCompany } = await mailsFor(victim);
    expect(toCompany.text).toContain(LURE);
    expect(everything(toVictim)).not.toMatch(/phish|locked|bank|2019\/123456/);
    expect(toVictim.attachments).toEqual([]);
  });
});

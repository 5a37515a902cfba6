import { citeLaw, getLegalFacts, type TLawTopic } from '../../../lib/legal-facts';
import { LEGAL_TEXTS_UPDATED_ON, type TLegalDocumentFactory } from './legal-document';

/**
 * The built-in privacy policy, used when no document is configured. It names the data-protection
 * law of the company's country (South Africa's POPIA, Kenya's Data Protection Act, 2019) and cites
 * its sections where they are on record (lib/legal-facts.ts).
 */
export const createPrivacyPolicy: TLegalDocumentFactory = ({
  companyName,
  email,
  phone,
  address,
  website,
  brand,
}) => {
  const { country, law } = getLegalFacts(brand, 'en');
  const cite = (topic: TLawTopic) => citeLaw(law, topic, 'en');
  /** " (section 14 of POPIA)", or nothing when the law has no section on record. */
  const reference = (topic: TLawTopic) => {
    const citation = cite(topic);
    return citation === null ? '' : ` (${citation})`;
  };
  const officerLines = [
    `${law.officerTitle}, ${companyName}`,
    email && `Email: ${email}`,
    phone && `Phone: ${phone}`,
    address && `Address: ${address}`,
  ].filter((line): line is string => Boolean(line));

  return {
    title: 'Privacy Policy',
    updatedOn: LEGAL_TEXTS_UPDATED_ON,
    intro: [
      `${companyName} ("we", "us", "our") respects your privacy. This policy explains what personal information we collect when you use our portal (${website}) and our cloud services, why we collect it, how we protect it and what your rights are.`,
      `We process personal information in line with ${law.fullName}. In the terms of ${law.shortName}, we are the ${law.controllerTerm} for the personal information described here.`,
    ],
    sections: [
      {
        id: 'collect',
        heading: '1. What we collect',
        paragraphs: ['We collect only what we need to provide and bill our services:'],
        items: [
          'Account details: first and last name, email address, mobile number and country code, password (stored only as a one-way hash), and your preferred language.',
          "Billing details: company name, VAT number, street address, city, province or state, postcode and country. Card and bank details are entered on the payment provider's pages; we do not see or store card numbers.",
          'Service records: the products you order, your virtual machines and their settings, invoices, payments and support tickets.',
          'Messages: what you send us through the Contact, enquiry and membership forms, including any logo you upload, and your newsletter subscription.',
          'Technical information: IP address, browser type, the pages you request and security logs, kept to run and protect the portal.',
        ],
      },
      {
        id: 'purpose',
        heading: '2. Why we use it',
        paragraphs: [],
        items: [
          'to create and secure your account, including sending one-time login codes;',
          'to provide, launch, renew and support the services you order;',
          'to invoice you, process payments and keep financial records;',
          'to answer your messages, enquiries and support tickets;',
          'to send service notices, such as expiry reminders and scheduled maintenance;',
          'to send our newsletter, only if you subscribed to it;',
          'to detect and prevent fraud and abuse, and to meet our legal obligations.',
        ],
      },
      {
        id: 'lawful-basis',
        heading: '3. Lawful basis',
        paragraphs: [
          `Under ${cite('lawfulBasis') ?? law.shortName} we process personal information because it is necessary to conclude or perform our contract with you, because the law requires it (for example tax records), because it protects our legitimate interests or yours (such as keeping the service secure), or because you have consented (such as to the newsletter). Where we rely on consent you may withdraw it at any time; this does not affect processing that took place before.`,
        ],
      },
      {
        id: 'sharing',
        heading: '4. Who we share it with',
        paragraphs: [
          `We do not sell personal information. We share it only with ${law.processorTerm} who process it for us under written agreements that require them to keep it confidential and secure${reference('processors')}: payment providers, email delivery services and the data centres that host our platform. We also disclose information when the law requires it, for example to a regulator or under a court order.`,
        ],
      },
      {
        id: 'cross-border',
        heading: `5. Transfers outside ${country}`,
        paragraphs: [
          `Some ${law.processorTerm}, such as payment or email providers, may process information outside ${country}. We transfer personal information across the border only as ${cite('crossBorder') ?? law.shortName} allows: when the recipient is bound by law, binding corporate rules or an agreement that gives protection substantially similar to ${law.shortName}, when you consent, or when the transfer is needed to perform our contract with you.`,
        ],
      },
      {
        id: 'retention',
        heading: '6. How long we keep it',
        paragraphs: [
          `We keep personal information only as long as we need it for the purposes above, unless the law requires or permits us to keep it longer${reference('retention')}. Invoices and payment records are kept for as long as tax law requires, currently five years. Account details are kept while your account is open; messages and enquiries for as long as needed to deal with them; security logs for a short period. Afterwards the information is deleted or de-identified.`,
        ],
      },
      {
        id: 'security',
        heading: '7. How we protect it',
        paragraphs: [
          `We take appropriate, reasonable technical and organisational measures to prevent loss, damage and unauthorised access${reference('security')}: encrypted connections (HTTPS), passwords stored as one-way hashes, sessions in secure cookies, access limited to staff who need it, and monitoring of our systems. If we believe your personal information has been accessed by an unauthorised person, we will notify you and ${law.regulator} as ${cite('breach') ?? law.shortName} requires.`,
        ],
      },
      {
        id: 'rights',
        heading: '8. Your rights',
        paragraphs: ['As a data subject you have the right to:'],
        items: [
          `ask whether we hold personal information about you and request a copy of it${reference('access')};`,
          `ask us to correct or delete information that is inaccurate, out of date, excessive or unlawfully obtained${reference('correction')};`,
          'object to processing based on legitimate interests, and to direct marketing at any time;',
          'withdraw your consent where processing is based on consent;',
          `lodge a complaint with ${law.regulator}${law.regulatorUrl ? `, ${law.regulatorUrl}` : ''}.`,
        ],
        closing: [
          `To use these rights, contact our ${law.officerTitle} (details below). We may need to confirm your identity first, and we answer within a reasonable time.`,
        ],
      },
      {
        id: 'cookies',
        heading: '9. Cookies and local storage',
        paragraphs: [
          "The portal uses only what it needs to work: a secure session cookie that keeps you logged in, and your browser's local storage to remember your language. We do not use advertising or third-party tracking cookies. Blocking these may stop parts of the portal, such as logging in, from working.",
        ],
      },
      {
        id: 'marketing',
        heading: '10. Newsletter and direct marketing',
        paragraphs: [
          `We send our newsletter only to people who subscribe to it${reference('directMarketing')}. Every newsletter contains a link to unsubscribe, which takes effect immediately. Service notices about your own account are not marketing and are sent while your account is active.`,
        ],
      },
      {
        id: 'children',
        heading: '11. Children',
        paragraphs: [
          'Our services are meant for businesses and adults. We do not knowingly collect personal information of children under 18.',
        ],
      },
      {
        id: 'officer',
        heading: `12. ${law.officerTitle}`,
        paragraphs: [
          `Questions, requests and complaints about your personal information can be sent to our ${law.officerTitle}:`,
        ],
        items: officerLines,
      },
      {
        id: 'changes',
        heading: '13. Changes to this policy',
        paragraphs: [
          'We may update this policy when our services or the law change. The date at the top shows the latest version; we will tell you about significant changes by email or in the portal.',
        ],
      },
    ],
  };
};

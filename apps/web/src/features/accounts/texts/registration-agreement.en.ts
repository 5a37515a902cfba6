import { getLegalFacts } from '../../../lib/legal-facts';
import type { TAgreementFactory } from './registration-agreement';

/**
 * The built-in customer agreement, shown at sign-up when the company has configured no agreement:
 * consent under the data-protection law of the company's country (lib/legal-facts.ts).
 */
export const createAgreement: TAgreementFactory = ({ companyName, brand }) => {
  const { country, law } = getLegalFacts(brand, 'en');
  return {
    title: 'Customer Agreement and Consent to Process Personal Information',
    intro: [
      `This agreement is between you and ${companyName} ("we", "us"). By ticking the boxes below and choosing Proceed, you open an account on our portal and agree to the terms set out here.`,
      `We process your personal information in line with ${law.fullName}. We are the ${law.controllerTerm} for the information described below.`,
    ],
    sections: [
      {
        heading: '1. The information we collect',
        paragraphs: ['To open and run your account we collect:'],
        items: [
          'your first and last name, email address, country code and mobile number;',
          'your billing details: company name, VAT number, street address, city, province or state, postcode and country;',
          'your password, which we keep only as a one-way hash;',
          'records of the services you order, pay for and use, and of your support tickets.',
        ],
      },
      {
        heading: '2. Why we process it',
        paragraphs: [
          'We use your information to create and secure your account, to provide, bill and support the services you order, to send one-time codes and service messages, to meet our legal and tax obligations, and to prevent fraud and abuse.',
          'We send marketing messages only if you subscribe to them, and you can unsubscribe at any time.',
        ],
      },
      {
        heading: '3. Who we share it with',
        paragraphs: [
          `We share your information only with ${law.processorTerm} that help us deliver the services (data centres, payment providers, mail delivery), under written agreements that require them to keep it confidential and secure, and with authorities where the law requires it. We never sell your personal information.`,
          `Some ${law.processorTerm} may process information outside ${country}. We only transfer it where the recipient is bound by law, binding rules or an agreement that give it protection similar to ${law.shortName}.`,
        ],
      },
      {
        heading: '4. How we protect and keep it',
        paragraphs: [
          'We protect your information with reasonable technical and organisational measures, including encryption in transit, hashed passwords, access control and logging. We keep it for as long as your account is open and afterwards only as long as the law or a legitimate business need (such as invoices) requires.',
        ],
      },
      {
        heading: '5. Your rights',
        paragraphs: [`Under ${law.shortName} you may:`],
        items: [
          'ask whether we hold personal information about you and request a copy of it;',
          'ask us to correct, update or delete information that is inaccurate, out of date or unlawfully held;',
          'object to processing on reasonable grounds, and withdraw your consent at any time (this does not affect processing already done);',
          `lodge a complaint with ${law.regulator} if you believe we have not handled your information lawfully.`,
        ],
      },
      {
        heading: '6. Your responsibilities',
        paragraphs: [
          'You confirm that the information you give us is true and complete, that you will keep your password and one-time codes secret, and that you will use our services lawfully and in line with our Terms and Conditions.',
        ],
      },
      {
        heading: '7. Consent',
        paragraphs: [
          `By accepting this agreement you consent to ${companyName} processing your personal information for the purposes described above. You can contact us through the Help page of this portal with any question about your information.`,
        ],
      },
    ],
  };
};

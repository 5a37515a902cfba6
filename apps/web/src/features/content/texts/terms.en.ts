import { getLegalFacts } from '../../../lib/legal-facts';
import { LEGAL_TEXTS_UPDATED_ON, type TLegalDocumentFactory } from './legal-document';
import { describeSupportHours } from './support-hours';

/** The built-in terms of service (portal.md §9's constants), used when no document is configured. */
export const createTerms: TLegalDocumentFactory = ({
  companyName,
  email,
  phone,
  address,
  website,
  brand,
}) => {
  const facts = getLegalFacts(brand, 'en');
  const hours = describeSupportHours(brand, 'en');
  const contactLines = [
    email && `Email: ${email}`,
    phone && `Phone: ${phone}`,
    address && `Address: ${address}`,
    `Website: ${website}`,
  ].filter((line): line is string => Boolean(line));

  return {
    title: 'Terms and Conditions',
    updatedOn: LEGAL_TEXTS_UPDATED_ON,
    intro: [
      `These terms and conditions ("Terms") form the agreement between ${companyName} ("we", "us", "our") and you, the customer ("you", "your"), for the use of our customer portal and the cloud services you order through it.`,
      'By registering, ordering a service or using the portal you accept these Terms. If you accept them for a company or other organisation, you confirm that you may bind it. Please read them together with our Privacy Policy.',
    ],
    sections: [
      {
        id: 'definitions',
        heading: '1. Definitions',
        paragraphs: ['In these Terms:'],
        items: [
          '"Services" means the virtual machines, storage, networking, add-ons, licences and other services you order from us.',
          '"Portal" means this website, through which you order, pay for and manage the Services.',
          `"Business Day" means ${hours.days}, excluding public holidays in ${facts.country}.`,
          `"Business Hours" means ${hours.opensAt} to ${hours.closesAt} ${hours.timeZoneName} (${hours.timeZone}) on a Business Day.`,
          '"Fees" means the amounts payable for the Services as shown in the Portal and on your invoices.',
        ],
      },
      {
        id: 'services',
        heading: '2. The Services',
        paragraphs: [
          'The Services are provided on a monthly basis or on demand, as chosen when you order them. Both are invoiced and paid monthly.',
          'The specification of each Service (processor, memory, disk, operating system, region and add-ons) is the one shown in the Portal when you order it. A virtual machine is launched automatically once its payment is confirmed.',
        ],
      },
      {
        id: 'account',
        heading: '3. Your account',
        paragraphs: [
          'You must give accurate and complete information when you register and keep it up to date. You are responsible for keeping your password and one-time codes secret and for everything done through your account. Tell us at once if you believe your account has been used without your permission.',
        ],
      },
      {
        id: 'fees',
        heading: '4. Fees and payment',
        paragraphs: [],
        items: [
          'The monthly Fee for each Service is due on the 1st day of every month, and payment must reach us by the 7th day of that month.',
          'On-demand use is charged for the month in which it occurs and invoiced with the next monthly invoice.',
          'If payment has not reached us by the due date we may, after notifying you, suspend the Services concerned until the outstanding amount is paid. Non-payment may lead to suspension and, if it continues, to termination under clause 9.',
          'Fees are shown in the currency of the Portal and include or add value-added tax as shown at checkout.',
        ],
      },
      {
        id: 'fee-changes',
        heading: '5. Changes to Fees',
        paragraphs: [
          "We may increase the Fees for a Service at most once in any period of 12 months, and only after giving you at least 1 month's written notice. If you do not accept an increase, you may terminate the affected Service before it takes effect by giving notice under clause 9.",
        ],
      },
      {
        id: 'refunds',
        heading: '6. Refunds',
        paragraphs: [
          'Purchases of virtual machines are not refundable, and cancelling or returning a Service does not give rise to a refund of Fees already paid, except where the law requires otherwise.',
          'Where a payment fails but the amount has left your account, or where you paid twice for the same invoice, we refund the amount within 5 to 7 Business Days, depending on your bank.',
        ],
      },
      {
        id: 'service-levels',
        heading: '7. Availability and maintenance',
        paragraphs: [],
        items: [
          'We aim for each Service to be available at least 99% of the time in every calendar month, not counting scheduled maintenance and events outside our reasonable control.',
          'Scheduled maintenance that is expected to make a Service unavailable for more than 120 minutes is announced to you in advance.',
          'We may carry out emergency maintenance without notice when it is needed to protect the Services, our network or other customers; we then inform you as soon as we reasonably can.',
          'Support is provided during Business Hours through tickets in your profile, by email and by phone.',
        ],
      },
      {
        id: 'acceptable-use',
        heading: '8. Acceptable use',
        paragraphs: [
          'You may not use the Services for anything unlawful or harmful, including: content that infringes the rights of others; malware, phishing, spam or attacks on other systems; child sexual abuse material; hate speech or incitement to violence; or anything that puts our network or other customers at risk.',
          'If we become aware of prohibited content, we will ask you to remove it, and you must do so within 2 Business Days of our notice. If you do not, or if the content causes serious harm, we may remove it or suspend the Service concerned.',
        ],
      },
      {
        id: 'term-termination',
        heading: '9. Term, renewal and termination',
        paragraphs: [],
        items: [
          "Each Service runs for the period you ordered and renews for the same period unless either party gives at least 30 days' written notice before the renewal date that it will not renew.",
          "Either party may terminate a Service for convenience by giving 60 days' written notice.",
          'If a party breaches these Terms and does not remedy the breach within 7 days of receiving written notice to do so, the other party may terminate the affected Services immediately by written notice.',
          'Please keep your own copy of your data before a Service ends: we are not obliged to keep it after the Service has ended.',
        ],
      },
      {
        id: 'liability',
        heading: '10. Liability',
        paragraphs: [
          'Our total liability to you for any claim arising from the Services or these Terms is limited to the Fees you paid for the affected Services in the three months before the event that gave rise to the claim.',
          'Neither party is liable for indirect or consequential loss, including loss of profit, revenue or data, except where caused by gross negligence or wilful misconduct. Nothing in these Terms limits liability that cannot be limited by law, including under the Consumer Protection Act, 2008 where it applies.',
        ],
      },
      {
        id: 'confidentiality',
        heading: '11. Confidentiality',
        paragraphs: [
          "Each party keeps the other's confidential information secret and uses it only to perform these Terms. This obligation continues for 5 years after the last Service ends. Personal information is protected as described in our Privacy Policy.",
        ],
      },
      {
        id: 'non-solicitation',
        heading: '12. Non-solicitation',
        paragraphs: [
          "While you use the Services and for 12 months afterwards, neither party will solicit for employment any employee of the other who was involved in providing or receiving the Services, without the other party's written consent.",
        ],
      },
      {
        id: 'disputes',
        heading: '13. Disputes',
        paragraphs: [],
        items: [
          'The parties first try to resolve any dispute in good faith within 10 Business Days of one of them notifying the other of it.',
          'If the dispute is not resolved in that time, either party may refer it to mediation by a mediator the parties agree on.',
          'If mediation does not resolve the dispute, it is referred to arbitration within 15 Business Days of the mediation ending, before an arbitrator the parties agree on, and the award is final and binding.',
          'Nothing in this clause prevents a party from asking a court for urgent relief.',
        ],
      },
      {
        id: 'general',
        heading: '14. General',
        paragraphs: [
          `These Terms are governed by the law of ${facts.jurisdiction}. We may change these Terms by publishing a new version in the Portal and notifying you; changes to Fees follow clause 5. Notices are sent by email to the address on your account and, for us, to the contact details below.`,
        ],
      },
      {
        id: 'contact',
        heading: '15. Contact us',
        paragraphs: [`Questions about these Terms can be sent to ${companyName}:`],
        items: contactLines,
      },
    ],
  };
};

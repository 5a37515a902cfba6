import type { TFaqFactory } from './faq-content';
import { raiseTicketPath } from '@/lib/raise-ticket-link';
import { describeSupportHours } from './support-hours';

/** portal.md §2 "FAQ": the stated facts, the business hours the company's own, in English. */
export const createFaq: TFaqFactory = ({ brand }) => {
  const hours = describeSupportHours(brand, 'en');
  return [
    {
      id: 'general',
      title: 'General',
      items: [
        {
          id: 'login',
          question: 'How do I log in?',
          answer: [
            'You log in with the email address you registered with and your password. Logging in with a Google account or with your mobile number is not supported. After your password we email you a one-time code to confirm it is you.',
          ],
        },
        {
          id: 'forgot-password',
          question: 'I forgot my password. What do I do?',
          answer: [
            'Open the ',
            { text: 'Forgot Password', to: '/forgetpassword' },
            ' page (also linked from the login form), enter your email address and we will send you a link to choose a new password.',
          ],
        },
        {
          id: 'referral',
          question: 'Do you offer a referral bonus?',
          answer: [
            'A referral bonus is coming soon. We will announce it in our news and newsletter as soon as it is available.',
          ],
        },
        {
          id: 'business-hours',
          question: 'When is your team available?',
          answer: [
            `Our business hours are ${hours.opensAt} to ${hours.closesAt} ${hours.timeZoneName}, ${hours.days}. Messages sent outside these hours are answered on the next business day.`,
          ],
        },
      ],
    },
    {
      id: 'products',
      title: 'Products',
      items: [
        {
          id: 'refund',
          question: 'Can I get a refund for a virtual machine?',
          answer: [
            'No. Virtual machine purchases are not refundable, and cancelling or returning a machine does not give a refund. Please check the configuration and period before you pay.',
          ],
        },
        {
          id: 'launch',
          question: 'When is my virtual machine ready?',
          answer: [
            'Your virtual machine is launched automatically after your purchase. There is nothing else you need to do; you will find it in your profile under Virtual Machines.',
          ],
        },
        {
          id: 'renewal',
          question: 'When is a renewed virtual machine active again?',
          answer: ['A renewed virtual machine is active right after your payment is confirmed.'],
        },
        {
          id: 'customise',
          question: 'Can I change my virtual machine after buying it?',
          answer: [
            'Yes. You can customise your virtual machines, for example their CPU, memory and disk, on your dashboard.',
          ],
        },
        {
          id: 'ssl-renewal',
          question: 'How do I renew an SSL certificate?',
          answer: [
            'Go to the ',
            { text: 'Marketplace', to: '/marketplace' },
            ', open Addons, choose Get SSL and then Renew.',
          ],
        },
        {
          id: 'expiry-reminder',
          question: 'Will I be reminded before a service expires?',
          answer: [
            'Yes. We send you expiry reminders before your virtual machines and other services run out, so you can renew them in time.',
          ],
        },
        {
          id: 'failed-payment',
          question: 'My payment failed but the money left my account. When do I get it back?',
          answer: [
            'A failed payment is refunded within 5 to 7 business days, depending on your bank.',
          ],
        },
      ],
    },
    {
      id: 'profile',
      title: 'Profile',
      items: [
        {
          id: 'change-contact',
          question: 'Can I change my email address or mobile number later?',
          answer: [
            'Yes. Your email address and mobile number can be changed later in your profile.',
          ],
        },
        {
          id: 'profile-picture',
          question: 'How do I change my profile picture?',
          answer: ['Open your profile and change the picture in the profile section.'],
        },
      ],
    },
    {
      id: 'contact',
      title: 'Contact',
      items: [
        {
          id: 'track-ticket',
          question: 'How do I follow up on a support ticket?',
          answer: [
            'Your tickets are listed in the ',
            { text: 'Tickets tab of your profile', to: '/customerprofile/1' },
            '. The status of each ticket is shown on the right of its ticket bar; View opens the whole conversation, where you can reply.',
          ],
        },
        {
          id: 'live-support',
          question: 'Do you offer real-time support such as live chat?',
          answer: [
            'Real-time support is not available yet. Please ',
            { text: 'raise a ticket', to: raiseTicketPath() },
            ' from your profile, or ',
            { text: 'write to us', to: '/help' },
            ', and we will answer as soon as possible.',
          ],
        },
        {
          id: 'reach-us',
          question: 'How else can I reach you?',
          answer: [
            'Our phone number, email address and office address are on the ',
            { text: 'Contact us', to: '/help' },
            ' page, together with a form to write to us.',
          ],
        },
      ],
    },
  ];
};

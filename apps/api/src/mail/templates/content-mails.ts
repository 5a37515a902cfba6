import type { TLanguage } from '@cloud-portal/contract/company/company-rules';
import { renderMail, type MailBrand, type RenderedMail } from './mail-layout';

/** The mails of the public site, in English and Korean. */

const lines = (text: string) => text.split(/\r?\n/);

export function contactReceivedMail(
  brand: MailBrand,
  language: TLanguage,
  from: { email: string; content: string },
): RenderedMail {
  const ko = language === 'ko';
  return renderMail(brand, {
    language,
    subject: ko ? `웹사이트 문의: ${from.email}` : `Website message from ${from.email}`,
    heading: ko ? '새 문의가 도착했습니다' : 'New message from the website',
    paragraphs: [
      ko
        ? `${from.email} 님이 '문의하기' 양식으로 보낸 메시지입니다. 회신하면 보낸 분에게 전달됩니다.`
        : `${from.email} wrote through the "Write to us" form. Reply to this mail to answer them.`,
    ],
    quote: { label: ko ? '메시지' : 'Message', lines: lines(from.content) },
  });
}

/**
 * Acknowledgements go to an address the visitor typed and nobody confirmed: they carry the brand's
 * words only (no parameter could bring the visitor's text in), so a form cannot relay spam.
 */
const notYouLine = (ko: boolean) =>
  ko
    ? '직접 보내신 적이 없다면 이 메일은 무시하셔도 됩니다.'
    : 'If you did not write to us, you can ignore this mail.';

export function contactThankYouMail(brand: MailBrand, language: TLanguage): RenderedMail {
  const ko = language === 'ko';
  return renderMail(brand, {
    language,
    subject: ko
      ? `${brand.name}에 문의해 주셔서 감사합니다`
      : `Thank you for writing to ${brand.name}`,
    heading: ko ? '문의를 잘 받았습니다' : 'We have your message',
    paragraphs: [
      ko
        ? `${brand.name} 웹사이트에서 이 주소로 보내신 메시지를 받았습니다. 이메일로 답변드리겠습니다.`
        : `${brand.name} has received the message sent from this address through its website and will reply by email.`,
      notYouLine(ko),
    ],
    action: { label: ko ? `${brand.name} 방문하기` : `Visit ${brand.name}`, url: brand.portalUrl },
  });
}

type Enquiry = { name: string; email: string; productService: string; message: string };

export function enquiryReceivedMail(
  brand: MailBrand,
  language: TLanguage,
  enquiry: Enquiry,
): RenderedMail {
  const ko = language === 'ko';
  return renderMail(brand, {
    language,
    subject: ko
      ? `${enquiry.productService} 문의: ${enquiry.name}`
      : `Enquiry about ${enquiry.productService} from ${enquiry.name}`,
    heading: ko ? '새 제품 문의' : 'New product enquiry',
    paragraphs: [
      ko ? `이름: ${enquiry.name}` : `Name: ${enquiry.name}`,
      ko ? `이메일: ${enquiry.email}` : `Email: ${enquiry.email}`,
      ko
        ? `제품 및 서비스: ${enquiry.productService}`
        : `Product or service: ${enquiry.productService}`,
    ],
    quote: { label: ko ? '문의 내용' : 'Message', lines: lines(enquiry.message) },
  });
}

export function enquiryThankYouMail(brand: MailBrand, language: TLanguage): RenderedMail {
  const ko = language === 'ko';
  return renderMail(brand, {
    language,
    subject: ko ? `${brand.name} 문의가 접수되었습니다` : `Your enquiry to ${brand.name}`,
    heading: ko ? '문의해 주셔서 감사합니다' : 'Thank you for your enquiry',
    paragraphs: [
      ko
        ? `${brand.name} 웹사이트에서 이 주소로 보내신 문의를 받았습니다. ${brand.name} 담당자가 이메일로 답변드리겠습니다.`
        : `${brand.name} has received the enquiry sent from this address through its website. Someone from ${brand.name} will reply by email.`,
      notYouLine(ko),
    ],
    action: { label: ko ? `${brand.name} 방문하기` : `Visit ${brand.name}`, url: brand.portalUrl },
  });
}

type Membership = {
  companyName: string;
  email: string;
  contactNumber: string;
  vatNumber: string;
  registrationNumber: string;
  companyAddress: string;
  hasLogo: boolean;
};

export function membershipEnquiryMail(
  brand: MailBrand,
  language: TLanguage,
  enquiry: Membership,
): RenderedMail {
  const ko = language === 'ko';
  const blank = ko ? '(없음)' : '(none)';
  return renderMail(brand, {
    language,
    subject: ko
      ? `CxO 시리즈 멤버십 문의: ${enquiry.companyName}`
      : `CxO series membership enquiry from ${enquiry.companyName}`,
    heading: ko ? 'CxO 시리즈 멤버십 문의' : 'CxO series membership enquiry',
    paragraphs: [
      `${ko ? '회사명' : 'Company'}: ${enquiry.companyName}`,
      `${ko ? '이메일' : 'Email'}: ${enquiry.email}`,
      `${ko ? '연락처' : 'Contact number'}: ${enquiry.contactNumber}`,
      `${ko ? '부가세 번호' : 'VAT number'}: ${enquiry.vatNumber || blank}`,
      `${ko ? '사업자 등록번호' : 'Registration number'}: ${enquiry.registrationNumber}`,
      `${ko ? '회사 주소' : 'Company address'}: ${enquiry.companyAddress}`,
      enquiry.hasLogo
        ? ko
          ? '회사 로고가 첨부되어 있습니다.'
          : 'The company logo is attached.'
        : ko
          ? '로고는 첨부되지 않았습니다.'
          : 'No logo was sent.',
    ],
  });
}

export function membershipThankYouMail(brand: MailBrand, language: TLanguage): RenderedMail {
  const ko = language === 'ko';
  return renderMail(brand, {
    language,
    subject: ko ? 'CxO 시리즈 멤버십 문의가 접수되었습니다' : 'Your CxO series membership enquiry',
    heading: ko ? '관심을 가져 주셔서 감사합니다' : 'Thank you for your interest',
    paragraphs: [
      ko
        ? `${brand.name} 웹사이트에서 이 주소로 보내신 CxO 시리즈 멤버십 문의를 받았습니다. 이메일로 연락드리겠습니다.`
        : `${brand.name} has received the CxO series membership enquiry sent from this address and will be in touch by email.`,
      notYouLine(ko),
    ],
  });
}

export function newsletterWelcomeMail(
  brand: MailBrand,
  language: TLanguage,
  unsubscribeUrl: string,
): RenderedMail {
  const ko = language === 'ko';
  return renderMail(brand, {
    language,
    subject: ko
      ? `${brand.name} 뉴스레터 구독을 환영합니다`
      : `Welcome to the ${brand.name} newsletter`,
    heading: ko ? '구독해 주셔서 감사합니다' : 'You are subscribed',
    paragraphs: [
      ko
        ? '새 서비스, 데이터센터 소식, 특별 혜택을 가장 먼저 알려 드리겠습니다.'
        : 'You will be the first to hear about new services, data-centre news and offers.',
    ],
    action: {
      label: ko ? '최신 소식 보기' : 'Read the latest news',
      url: new URL('/news', brand.portalUrl).toString(),
    },
    unsubscribe: { label: ko ? '구독 취소' : 'Unsubscribe', url: unsubscribeUrl },
  });
}

import type { TLanguage } from '@cloud-portal/contract/company/company-rules';
import { renderMail, type MailBrand, type RenderedMail } from './mail-layout';

/** What the mails of a paid clone, snapshot (kind 2) or update (kind 4) say about it. */
export type AppliedOrder = {
  reference: string;
  /** The machine's name. */
  vmName: string;
  /** 'Clone' | 'Snapshot' | 'Update'. */
  what: 'Clone' | 'Snapshot' | 'Update';
  /** The customer's Products tab (/CustomerProfile/2). */
  profileUrl: string;
};

const WHAT_KO = { Clone: '복제본', Snapshot: '스냅샷', Update: '사양 변경' } as const;
const WHAT_EN = { Clone: 'clone', Snapshot: 'snapshot', Update: 'update' } as const;

/** The notice (bell and mail) of an applied order, in the order's language. */
export function appliedNotice(language: TLanguage, order: AppliedOrder, until?: string): string {
  if (language === 'ko') {
    return order.what === 'Update'
      ? `가상 머신 ${order.vmName}의 사양 변경(주문 ${order.reference})이 적용되었습니다.`
      : `가상 머신 ${order.vmName}의 ${WHAT_KO[order.what]}(주문 ${order.reference})이 준비되었습니다${until ? ` (보관 기한 ${until})` : ''}.`;
  }
  return order.what === 'Update'
    ? `The update of your virtual machine ${order.vmName} (order ${order.reference}) has been applied.`
    : `The ${WHAT_EN[order.what]} of your virtual machine ${order.vmName} (order ${order.reference}) is ready${until ? `, kept until ${until}` : ''}.`;
}

/** The notice of an order that could not be applied; the payment stands. */
export function failedNotice(language: TLanguage, order: AppliedOrder): string {
  if (language === 'ko') {
    return `가상 머신 ${order.vmName}의 ${WHAT_KO[order.what]}(주문 ${order.reference})을 처리하지 못했습니다. 저희 팀에 알렸으며 결제하신 금액은 손실되지 않았습니다.`;
  }
  return `We could not complete the ${WHAT_EN[order.what]} of your virtual machine ${order.vmName} (order ${order.reference}). Our team has been told; you have not lost your payment.`;
}

export function orderAppliedMail(
  brand: MailBrand,
  language: TLanguage,
  order: AppliedOrder,
  until?: string,
): RenderedMail {
  const ko = language === 'ko';
  const what = ko ? WHAT_KO[order.what] : WHAT_EN[order.what];
  return renderMail(brand, {
    language,
    subject: ko
      ? `${brand.name}: ${what} 완료 (주문 ${order.reference})`
      : `${brand.name}: your ${what} is done (order ${order.reference})`,
    heading: ko
      ? `${what}이 완료되었습니다`
      : order.what === 'Update'
        ? 'Your virtual machine has been updated'
        : `Your ${what} is ready`,
    paragraphs: [
      appliedNotice(language, order, until),
      ko
        ? '포털에 로그인하여 프로필의 제품 탭에서 확인하세요.'
        : 'Sign in to the portal and open the Products tab of your profile to see it.',
    ],
    action: { label: ko ? '내 가상 머신 보기' : 'Open your machines', url: order.profileUrl },
  });
}

export function orderFailedMail(
  brand: MailBrand,
  language: TLanguage,
  order: AppliedOrder,
): RenderedMail {
  const ko = language === 'ko';
  const what = ko ? WHAT_KO[order.what] : WHAT_EN[order.what];
  return renderMail(brand, {
    language,
    subject: ko
      ? `${brand.name}: ${what}을 처리하지 못했습니다 (주문 ${order.reference})`
      : `${brand.name}: we could not complete your ${what} (order ${order.reference})`,
    heading: ko ? `${what}을 처리하지 못했습니다` : `We could not complete your ${what}`,
    paragraphs: [
      failedNotice(language, order),
      ko
        ? '저희 팀이 곧 연락드리겠습니다. 결제는 주문에 그대로 기록되어 있습니다.'
        : 'Our team will contact you. Your payment stays recorded against your order.',
    ],
    action: { label: ko ? '구매 내역 보기' : 'View your purchase', url: order.profileUrl },
  });
}

/** To the company: a paid clone, snapshot or update that could not be applied needs a person. */
export function orderFailedCompanyMail(
  brand: MailBrand,
  order: AppliedOrder & { customerEmail: string; reason: string },
): RenderedMail {
  return renderMail(brand, {
    language: 'en',
    subject: `${order.what} failed for order ${order.reference}`,
    heading: `A paid ${WHAT_EN[order.what]} could not be completed`,
    paragraphs: [
      `Order ${order.reference} (${WHAT_EN[order.what]} of ${order.vmName}) for ${order.customerEmail} is paid, but it could not be applied.`,
      `Last error: ${order.reason}`,
      'The customer has been told that the team is on it and that the payment is safe. The payment rows are untouched.',
    ],
  });
}

import type { TLanguage } from '@cloud-portal/contract/company/company-rules';
import { renderMail, type MailBrand, type RenderedMail } from './mail-layout';

const NEXT_STEPS: Record<number, { en: string; ko: string }> = {
  1: {
    en: 'Your virtual machine is being set up automatically; we will write again with how to reach it. Your receipt is attached.',
    ko: '가상 머신이 자동으로 준비되며, 준비되면 접속 안내를 다시 보내 드립니다. 영수증을 첨부했습니다.',
  },
  2: {
    en: 'Your backup is being made; we will write again when it is ready. Your receipt is attached.',
    ko: '백업을 만드는 중이며, 준비되면 다시 알려 드립니다. 영수증을 첨부했습니다.',
  },
  3: {
    en: 'Your renewal is being applied; we will write again when it is done. Your receipt is attached.',
    ko: '갱신을 적용하는 중이며, 완료되면 다시 알려 드립니다. 영수증을 첨부했습니다.',
  },
  4: {
    en: 'Your update is being applied; we will write again when it is done. Your receipt is attached.',
    ko: '변경 사항을 적용하는 중이며, 완료되면 다시 알려 드립니다. 영수증을 첨부했습니다.',
  },
  5: {
    en: 'Your renewals are being applied; we will write again when they are done. Your receipt is attached.',
    ko: '갱신을 적용하는 중이며, 완료되면 다시 알려 드립니다. 영수증을 첨부했습니다.',
  },
};

/**
 * The confirmation of a paid purchase, with its receipt attached. No access details and no
 * password: the machine's access instructions come when it is running (issue 11).
 */
export function purchaseConfirmationMail(
  brand: MailBrand,
  language: TLanguage,
  order: {
    /** Comes-from 1–5: what the payment was for decides what the mail says comes next. */
    kind: number;
    reference: string;
    productName: string;
    amount: string;
    currency: string;
    profileUrl: string;
  },
): RenderedMail {
  const ko = language === 'ko';
  return renderMail(brand, {
    language,
    subject: ko
      ? `${brand.name} 결제 확인: 주문 ${order.reference}`
      : `${brand.name}: payment received for order ${order.reference}`,
    heading: ko ? '결제가 완료되었습니다' : 'Your purchase is successful',
    paragraphs: [
      ko
        ? `${order.productName} 주문(${order.reference})의 결제 ${order.currency} ${order.amount}을(를) 받았습니다.`
        : `We received ${order.currency} ${order.amount} for ${order.productName} (order ${order.reference}).`,
      ko
        ? (NEXT_STEPS[order.kind]?.ko ?? NEXT_STEPS[1]!.ko)
        : (NEXT_STEPS[order.kind]?.en ?? NEXT_STEPS[1]!.en),
    ],
    action: { label: ko ? '구매 내역 보기' : 'View your purchase', url: order.profileUrl },
  });
}

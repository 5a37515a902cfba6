import type { TLanguage } from '@cloud-portal/contract/company/company-rules';
import { renderMail, type MailBrand, type RenderedMail } from './mail-layout';

/**
 * The confirmation of a paid purchase, with its receipt attached. No access details and no
 * password: the machine's access instructions come when it is running (issue 11).
 */
export function purchaseConfirmationMail(
  brand: MailBrand,
  language: TLanguage,
  order: {
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
        ? '가상 머신이 자동으로 준비되며, 준비되면 접속 안내를 다시 보내 드립니다. 영수증을 첨부했습니다.'
        : 'Your virtual machine is being set up automatically; we will write again with how to reach it. Your receipt is attached.',
    ],
    action: { label: ko ? '구매 내역 보기' : 'View your purchase', url: order.profileUrl },
  });
}

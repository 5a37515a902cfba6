import type { TLanguage } from '@cloud-portal/contract/company/company-rules';
import { renderMail, type MailBrand, type RenderedMail } from './mail-layout';

type ProvisionedOrder = {
  reference: string;
  productName: string;
  /** The customer's Products tab (/CustomerProfile/2). */
  profileUrl: string;
};

/**
 * The machine of a paid purchase is running. How to reach it, never the credentials: the
 * one-time password is shown only in the portal's View, behind the customer's login.
 */
export function vmReadyMail(
  brand: MailBrand,
  language: TLanguage,
  order: ProvisionedOrder,
): RenderedMail {
  const ko = language === 'ko';
  return renderMail(brand, {
    language,
    subject: ko
      ? `${brand.name}: 가상 머신이 준비되었습니다 (주문 ${order.reference})`
      : `${brand.name}: your virtual machine is ready (order ${order.reference})`,
    heading: ko ? '가상 머신이 실행 중입니다' : 'Your virtual machine is running',
    paragraphs: [
      ko
        ? `${order.productName} 주문(${order.reference})의 가상 머신이 만들어져 실행 중입니다.`
        : `The virtual machine you bought, ${order.productName} (order ${order.reference}), has been set up and is running.`,
      ko
        ? '접속하려면 포털에 로그인하여 프로필의 제품 탭을 열고 해당 가상 머신의 보기를 누르세요. 사용자 이름, 일회용 비밀번호와 콘솔 링크가 표시됩니다.'
        : 'To reach it, sign in to the portal, open the Products tab of your profile and choose View on the machine: it shows the user name, a one-time password and the console link.',
      ko
        ? '보안을 위해 비밀번호는 메일로 보내지 않습니다.'
        : 'For your security we never send passwords by mail.',
    ],
    action: { label: ko ? '내 가상 머신 보기' : 'Open your machines', url: order.profileUrl },
  });
}

/** The machine of a paid purchase could not be set up; the payment stands. */
export function vmFailedMail(
  brand: MailBrand,
  language: TLanguage,
  order: ProvisionedOrder,
): RenderedMail {
  const ko = language === 'ko';
  return renderMail(brand, {
    language,
    subject: ko
      ? `${brand.name}: 가상 머신을 준비하지 못했습니다 (주문 ${order.reference})`
      : `${brand.name}: we could not set up your virtual machine (order ${order.reference})`,
    heading: ko ? '가상 머신을 준비하지 못했습니다' : 'We could not set up your virtual machine',
    paragraphs: [
      ko
        ? `${order.productName} 주문(${order.reference})의 가상 머신을 만드는 데 실패했습니다.`
        : `We could not set up the virtual machine of ${order.productName} (order ${order.reference}).`,
      ko
        ? '저희 팀에 이미 알렸으며 곧 연락드리겠습니다. 결제하신 금액은 손실되지 않았으며 주문에 그대로 기록되어 있습니다.'
        : 'Our team has been told and will contact you. You have not lost your payment: it stays recorded against your order.',
    ],
    action: { label: ko ? '구매 내역 보기' : 'View your purchase', url: order.profileUrl },
  });
}

/** To the company: a paid purchase whose machine could not be set up needs a person. */
export function vmFailedCompanyMail(
  brand: MailBrand,
  order: { reference: string; productName: string; customerEmail: string; reason: string },
): RenderedMail {
  return renderMail(brand, {
    language: 'en',
    subject: `Provisioning failed for order ${order.reference}`,
    heading: 'A paid virtual machine could not be set up',
    paragraphs: [
      `Order ${order.reference} (${order.productName}) for ${order.customerEmail} is paid, but its virtual machine could not be set up.`,
      `Last error: ${order.reason}`,
      'The customer has been told that the team is on it and that the payment is safe. The payment rows are untouched.',
    ],
  });
}

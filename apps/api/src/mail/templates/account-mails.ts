import type { TLanguage } from '@cloud-portal/contract/company/company-rules';
import { renderMail, type MailBrand, type RenderedMail } from './mail-layout';

/** The mails of sign-up, login and recovery, in English and Korean. */

export function loginCodeMail(
  brand: MailBrand,
  language: TLanguage,
  code: string,
  purpose: 'signup' | 'login',
): RenderedMail {
  const ko = language === 'ko';
  const intro =
    purpose === 'signup'
      ? ko
        ? `${brand.name}에 가입해 주셔서 감사합니다. 아래 코드로 이메일 주소를 확인하세요.`
        : `Thank you for signing up with ${brand.name}. Confirm your email address with this code.`
      : ko
        ? `${brand.name} 로그인을 완료하려면 아래 코드를 입력하세요.`
        : `Enter this code to finish logging in to ${brand.name}.`;
  const rendered = renderMail(brand, {
    language,
    subject: ko ? `${brand.name} 인증 코드: ${code}` : `Your ${brand.name} code: ${code}`,
    heading: ko ? `인증 코드 ${code}` : `Your code is ${code}`,
    paragraphs: [
      intro,
      ko
        ? '이 코드는 10분 동안 한 번만 사용할 수 있습니다.'
        : 'The code works once, for 10 minutes.',
      ko
        ? '직접 요청하지 않았다면 이 메일을 무시하고 비밀번호를 변경하세요.'
        : 'If you did not ask for it, ignore this mail and consider changing your password.',
    ],
  });
  // The code is in the subject (it shows in the inbox list); the outbox keeps the subject without it.
  return {
    ...rendered,
    subjectOnRecord: ko ? `${brand.name} 인증 코드` : `Your ${brand.name} code`,
  };
}

export function passwordResetMail(
  brand: MailBrand,
  language: TLanguage,
  resetUrl: string,
): RenderedMail {
  const ko = language === 'ko';
  return renderMail(brand, {
    language,
    subject: ko ? `${brand.name} 비밀번호 재설정` : `Reset your ${brand.name} password`,
    heading: ko ? '비밀번호 재설정' : 'Reset your password',
    paragraphs: [
      ko
        ? '아래 버튼을 눌러 새 비밀번호를 설정하세요. 이 링크는 1시간 동안 한 번만 사용할 수 있습니다.'
        : 'Choose a new password with the button below. The link works once, for one hour.',
      ko
        ? '비밀번호 재설정을 요청하지 않았다면 이 메일을 무시하세요. 비밀번호는 바뀌지 않습니다.'
        : 'If you did not ask for this, ignore this mail: your password stays as it is.',
    ],
    action: { label: ko ? '비밀번호 재설정' : 'Reset password', url: resetUrl },
  });
}

export function userNameReminderMail(
  brand: MailBrand,
  language: TLanguage,
  email: string,
): RenderedMail {
  const ko = language === 'ko';
  return renderMail(brand, {
    language,
    subject: ko ? `${brand.name} 로그인 아이디 안내` : `Your ${brand.name} login`,
    heading: ko ? '로그인 아이디' : 'Your login',
    paragraphs: [
      ko
        ? `${brand.name}에는 이 이메일 주소로 로그인합니다: ${email}`
        : `You log in to ${brand.name} with this email address: ${email}`,
    ],
    action: {
      label: ko ? '로그인' : 'Log in',
      url: new URL('/customerlogin', brand.portalUrl).toString(),
    },
  });
}

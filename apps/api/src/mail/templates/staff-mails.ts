import type { TLanguage } from '@cloud-portal/contract/company/company-rules';
import type { StaffRole } from '@cloud-portal/contract/operator/permissions';
import { renderMail, type MailBrand, type RenderedMail } from './mail-layout';

/** The operator console's mails to staff (issue 27), in English and Korean. */

const ROLE_NAMES: Record<TLanguage, Record<StaffRole, string>> = {
  en: {
    owner: 'owner',
    admin: 'administrator',
    billing: 'billing',
    support: 'support',
    'read-only': 'read-only',
  },
  ko: {
    owner: '소유자',
    admin: '관리자',
    billing: '결제 담당',
    support: '고객 지원',
    'read-only': '읽기 전용',
  },
};

/** An invitation to a new member: the one-time enrolment link (24 hours). */
export function staffInviteMail(
  brand: MailBrand,
  language: TLanguage,
  invite: { role: StaffRole; enrolUrl: string },
): RenderedMail {
  const ko = language === 'ko';
  const role = ROLE_NAMES[language][invite.role];
  return renderMail(brand, {
    language,
    subject: ko
      ? `${brand.name} 운영 콘솔 초대`
      : `You are invited to the ${brand.name} operator console`,
    heading: ko ? '운영 콘솔 초대' : 'Join the operator console',
    paragraphs: [
      ko
        ? `${brand.name}의 운영 콘솔에 ${role} 역할로 초대되었습니다.`
        : `You have been invited to ${brand.name}'s operator console as ${role}.`,
      ko
        ? '아래 버튼을 눌러 비밀번호를 정하고 인증 앱을 등록하세요. 이 링크는 24시간 동안 한 번만 사용할 수 있습니다.'
        : 'Use the button below to choose a password and set up your authenticator app. The link works once, for 24 hours.',
      ko
        ? '초대를 예상하지 않았다면 이 메일을 무시하세요.'
        : 'If you did not expect this, ignore this mail.',
    ],
    action: { label: ko ? '등록 시작' : 'Set up my access', url: invite.enrolUrl },
  });
}

/** A notice to someone who already has a staff account: they were added to one more company. */
export function staffAddedMail(
  brand: MailBrand,
  language: TLanguage,
  added: { role: StaffRole; signInUrl: string },
): RenderedMail {
  const ko = language === 'ko';
  const role = ROLE_NAMES[language][added.role];
  return renderMail(brand, {
    language,
    subject: ko
      ? `${brand.name} 운영 콘솔에 추가되었습니다`
      : `You were added to the ${brand.name} operator console`,
    heading: ko ? '운영 콘솔 접근 권한' : 'Operator console access',
    paragraphs: [
      ko
        ? `${brand.name}의 운영 콘솔에 ${role} 역할로 추가되었습니다. 기존 비밀번호와 인증 앱으로 로그인한 뒤 회사를 전환하세요.`
        : `You were added to ${brand.name}'s operator console as ${role}. Sign in with your usual password and authenticator app, then switch company.`,
    ],
    action: { label: ko ? '로그인' : 'Sign in', url: added.signInUrl },
  });
}

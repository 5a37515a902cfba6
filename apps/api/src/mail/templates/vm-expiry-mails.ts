import type { TLanguage } from '@cloud-portal/contract/company/company-rules';
import { renderMail, type MailBrand, type RenderedMail } from './mail-layout';

/** What every mail about a machine's end date says (ADR 017). */
type ExpiringVm = {
  /** The name the customer knows it by: the alias when set, else the machine's name. */
  vmName: string;
  endsAt: Date;
  /** The company's time zone: the date is written as the customer's provider keeps time. */
  timeZone: string;
  /** The Renewals tab (/CustomerProfile/3). */
  renewalsUrl: string;
};

export type ExpiryNoticeKind = 'reminder-7d' | 'reminder-1d' | 'expired' | 'archived';

/** The end date as the mail's language writes it, in the company's time zone. */
export function formatEndDate(endsAt: Date, language: TLanguage, timeZone: string): string {
  const format = (zone: string) =>
    new Intl.DateTimeFormat(language === 'ko' ? 'ko-KR' : 'en-GB', {
      year: 'numeric',
      month: 'long',
      day: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      timeZone: zone,
      timeZoneName: 'short',
    }).format(endsAt);
  try {
    return format(timeZone);
  } catch {
    return format('UTC');
  }
}

/** The bell line of a notice (the same words as the mail's first paragraph). */
export function expiryNoticeText(
  kind: ExpiryNoticeKind,
  language: TLanguage,
  vm: Pick<ExpiringVm, 'vmName' | 'endsAt' | 'timeZone'>,
  graceDays: number,
): string {
  const date = formatEndDate(vm.endsAt, language, vm.timeZone);
  const ko = language === 'ko';
  switch (kind) {
    case 'reminder-7d':
    case 'reminder-1d':
      return ko
        ? `가상 머신 ${vm.vmName}의 사용 기간이 ${date}에 끝납니다. 계속 사용하려면 갱신 탭에서 갱신하세요.`
        : `Your virtual machine ${vm.vmName} ends on ${date}. Renew it from the Renewals tab to keep it running.`;
    case 'expired':
      return ko
        ? `가상 머신 ${vm.vmName}의 사용 기간이 ${date}에 끝나 전원이 꺼졌습니다. ${graceDays}일 안에 갱신하면 그대로 다시 사용할 수 있습니다.`
        : `Your virtual machine ${vm.vmName} ended on ${date} and has been shut off. Renew it within ${graceDays} days to bring it back as it was.`;
    case 'archived':
      return ko
        ? `가상 머신 ${vm.vmName}이 보관되었습니다(사용 기간 종료: ${date}). 갱신한 뒤 보관 탭에서 복원할 수 있습니다.`
        : `Your virtual machine ${vm.vmName} has been archived (its period ended on ${date}). Renew it, then restore it from the Archived tab.`;
  }
}

/** The mail of a notice: a reminder before the end date, or the news that it passed. */
export function vmExpiryMail(
  brand: MailBrand,
  language: TLanguage,
  kind: ExpiryNoticeKind,
  vm: ExpiringVm,
  graceDays: number,
): RenderedMail {
  const ko = language === 'ko';
  const subjects: Record<ExpiryNoticeKind, [string, string]> = {
    'reminder-7d': [
      `your virtual machine ${vm.vmName} ends in 7 days`,
      `가상 머신 ${vm.vmName}의 사용 기간이 7일 남았습니다`,
    ],
    'reminder-1d': [
      `your virtual machine ${vm.vmName} ends tomorrow`,
      `가상 머신 ${vm.vmName}의 사용 기간이 내일 끝납니다`,
    ],
    expired: [
      `your virtual machine ${vm.vmName} has been shut off`,
      `가상 머신 ${vm.vmName}의 전원이 꺼졌습니다`,
    ],
    archived: [
      `your virtual machine ${vm.vmName} has been archived`,
      `가상 머신 ${vm.vmName}이 보관되었습니다`,
    ],
  };
  const headings: Record<ExpiryNoticeKind, [string, string]> = {
    'reminder-7d': ['Your virtual machine ends soon', '가상 머신의 사용 기간이 곧 끝납니다'],
    'reminder-1d': ['Your virtual machine ends tomorrow', '가상 머신의 사용 기간이 내일 끝납니다'],
    expired: ['Your virtual machine has been shut off', '가상 머신의 전원이 꺼졌습니다'],
    archived: ['Your virtual machine has been archived', '가상 머신이 보관되었습니다'],
  };
  const pick = ([en, korean]: [string, string]) => (ko ? korean : en);
  const followUp =
    kind === 'archived'
      ? ko
        ? '데이터는 보관되어 있습니다. 갱신 탭에서 갱신하고 결제하면 보관 탭에서 가상 머신을 복원할 수 있습니다.'
        : 'Its data is kept. Renew it from the Renewals tab; once the renewal is paid you can restore it from the Archived tab.'
      : ko
        ? '갱신 비용은 결제가 확인되는 즉시 반영되며, 가상 머신은 바로 다시 사용할 수 있습니다.'
        : 'A renewal takes effect as soon as its payment is confirmed, and the machine is ready to use straight away.';
  return renderMail(brand, {
    language,
    subject: `${brand.name}: ${pick(subjects[kind])}`,
    heading: pick(headings[kind]),
    paragraphs: [expiryNoticeText(kind, language, vm, graceDays), followUp],
    action: { label: ko ? '갱신 탭 열기' : 'Open Renewals', url: vm.renewalsUrl },
  });
}

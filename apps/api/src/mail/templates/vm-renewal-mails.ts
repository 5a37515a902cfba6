import type { TLanguage } from '@cloud-portal/contract/company/company-rules';
import { formatEndDate } from './vm-expiry-mails';
import { renderMail, type MailBrand, type RenderedMail } from './mail-layout';

/** A machine a paid renewal extended (ADR 018): the name the customer knows and its new end. */
type RenewedVm = { vmName: string; endsAt: Date };

type RenewalMailContext = {
  reference: string;
  vms: RenewedVm[];
  /** The company's time zone: dates are written as the provider keeps time. */
  timeZone: string;
  /** The Products tab (/CustomerProfile/2). */
  profileUrl: string;
};

const list = (vms: RenewedVm[], language: TLanguage, timeZone: string) =>
  vms
    .map((vm) =>
      language === 'ko'
        ? `${vm.vmName}: ${formatEndDate(vm.endsAt, language, timeZone)}까지`
        : `${vm.vmName} until ${formatEndDate(vm.endsAt, language, timeZone)}`,
    )
    .join(language === 'ko' ? ', ' : '; ');

/** The bell line of a renewal, the same words as the mail's first paragraph. */
export function renewalNoticeText(language: TLanguage, context: RenewalMailContext): string {
  const [only] = context.vms;
  if (context.vms.length === 1 && only) {
    const date = formatEndDate(only.endsAt, language, context.timeZone);
    return language === 'ko'
      ? `가상 머신 ${only.vmName}이(가) ${date}까지 갱신되었습니다(주문 ${context.reference}).`
      : `Your virtual machine ${only.vmName} has been renewed until ${date} (order ${context.reference}).`;
  }
  const vms = list(context.vms, language, context.timeZone);
  return language === 'ko'
    ? `가상 머신이 갱신되었습니다(주문 ${context.reference}): ${vms}.`
    : `Your virtual machines have been renewed (order ${context.reference}): ${vms}.`;
}

/** The "renewed until …" mail, sent once per paid renewal order. */
export function vmRenewedMail(
  brand: MailBrand,
  language: TLanguage,
  context: RenewalMailContext,
): RenderedMail {
  const ko = language === 'ko';
  const several = context.vms.length > 1;
  return renderMail(brand, {
    language,
    subject: `${brand.name}: ${
      ko
        ? several
          ? '가상 머신이 갱신되었습니다'
          : `가상 머신 ${context.vms[0]?.vmName ?? ''}이(가) 갱신되었습니다`
        : several
          ? 'your virtual machines have been renewed'
          : `your virtual machine ${context.vms[0]?.vmName ?? ''} has been renewed`
    }`,
    heading: ko ? '갱신이 완료되었습니다' : 'Your renewal is complete',
    paragraphs: [
      renewalNoticeText(language, context),
      ko
        ? '사용 기간이 끝나 꺼졌거나 보관된 가상 머신은 지금 다시 시작되며 곧 사용할 수 있습니다.'
        : 'A machine that had been shut off or archived at the end of its period is being started again and will be ready shortly.',
    ],
    action: { label: ko ? '제품 탭 열기' : 'Open Products', url: context.profileUrl },
  });
}

/** The bell line when a renewed machine could not be started again. */
export function restartFailedNoticeText(
  language: TLanguage,
  context: { reference: string; vmNames: string[] },
): string {
  const names = context.vmNames.join(', ');
  return language === 'ko'
    ? `갱신(주문 ${context.reference})은 반영되었지만 가상 머신 ${names}을(를) 다시 시작하지 못했습니다. 저희 팀에 알렸습니다. 보관된 가상 머신은 보관 탭에서 복원할 수 있습니다.`
    : `Your renewal (order ${context.reference}) is in place, but we could not start ${names} again. Our team has been told; an archived machine can also be restored from the Archived tab.`;
}

/** The mail when a renewed machine could not be started again (the renewal itself stands). */
export function vmRestartFailedMail(
  brand: MailBrand,
  language: TLanguage,
  context: { reference: string; vmNames: string[]; profileUrl: string },
): RenderedMail {
  const ko = language === 'ko';
  return renderMail(brand, {
    language,
    subject: `${brand.name}: ${
      ko ? '갱신한 가상 머신을 다시 시작하지 못했습니다' : 'we could not start your renewed machine'
    }`,
    heading: ko ? '가상 머신을 다시 시작하지 못했습니다' : 'Your machine did not start',
    paragraphs: [restartFailedNoticeText(language, context)],
    action: { label: ko ? '제품 탭 열기' : 'Open Products', url: context.profileUrl },
  });
}

/** The company's copy: a paid renewal whose machine did not start again (no customer data but the address). */
export function vmRestartFailedCompanyMail(
  brand: MailBrand,
  context: { reference: string; vmNames: string[]; customerEmail: string; reason: string },
): RenderedMail {
  return renderMail(brand, {
    language: 'en',
    subject: `A renewed machine did not start again (order ${context.reference})`,
    heading: 'A paid renewal needs a hand',
    paragraphs: [
      `Order ${context.reference} for ${context.customerEmail} is paid and the end dates are extended, but ${context.vmNames.join(', ')} could not be started again.`,
      `Last error: ${context.reason}`,
      'The customer has been told. The payment rows are untouched.',
    ],
  });
}

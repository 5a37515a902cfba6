import type { TCompanyConfiguration } from '@cloud-portal/contract/company/get-company-configuration';
import type { TLanguage } from '@cloud-portal/contract/company/company-rules';

/** The company's support hours in the page's words: every piece a sentence needs. */
type TSupportHoursText = {
  /** "Monday to Friday", "월요일~금요일". */
  days: string;
  opensAt: string;
  closesAt: string;
  /** The zone's readable name: "East Africa Time", "동아프리카 시간". */
  timeZoneName: string;
  /** The IANA zone itself, for a text that must be exact (the terms). */
  timeZone: string;
};

const LOCALES: Record<TLanguage, string> = { en: 'en-GB', ko: 'ko' };
// 2024-01-01 was a Monday: ISO weekday n is 2024-01-0n.
const weekdayDate = (day: number) => new Date(Date.UTC(2024, 0, day));

function weekdayName(day: number, language: TLanguage): string {
  return new Intl.DateTimeFormat(LOCALES[language], { weekday: 'long', timeZone: 'UTC' }).format(
    weekdayDate(day),
  );
}

/**
 * ISO weekdays (1 Monday … 7 Sunday) as words: a run of three or more as a range ("Monday to
 * Friday", "월요일~금요일"), every day as "every day", anything else as a list.
 */
export function formatWeekdays(days: readonly number[], language: TLanguage): string {
  const sorted = [...new Set(days)].filter((day) => day >= 1 && day <= 7).sort((a, b) => a - b);
  if (sorted.length === 7) return language === 'ko' ? '매일' : 'every day';
  const first = sorted[0];
  const last = sorted[sorted.length - 1];
  const isRun =
    first !== undefined &&
    last !== undefined &&
    sorted.length >= 3 &&
    last - first === sorted.length - 1;
  if (isRun) {
    const [from, to] = [weekdayName(first, language), weekdayName(last, language)];
    return language === 'ko' ? `${from}~${to}` : `${from} to ${to}`;
  }
  return new Intl.ListFormat(LOCALES[language], { type: 'conjunction' }).format(
    sorted.map((day) => weekdayName(day, language)),
  );
}

/** The zone's generic name in the language ("East Africa Time"); the IANA id if it has none. */
export function readableTimeZone(timeZone: string, language: TLanguage): string {
  try {
    const part = new Intl.DateTimeFormat(LOCALES[language], {
      timeZone,
      timeZoneName: 'longGeneric',
    })
      .formatToParts(weekdayDate(1))
      .find((piece) => piece.type === 'timeZoneName');
    return part?.value ?? timeZone;
  } catch {
    return timeZone;
  }
}

export function describeSupportHours(
  configuration: Pick<TCompanyConfiguration, 'supportHours' | 'timeZone'>,
  language: TLanguage,
): TSupportHoursText {
  const { days, opensAt, closesAt } = configuration.supportHours;
  return {
    days: formatWeekdays(days, language),
    opensAt,
    closesAt,
    timeZoneName: readableTimeZone(configuration.timeZone, language),
    timeZone: configuration.timeZone,
  };
}

/*
 * Dates are written by hand for the portal's two languages. The first Intl.DateTimeFormat a page
 * makes loads the browser's date data: about 40 ms of a phone's main thread, in the task that
 * hydrates /home's news (issue 12). The output is Intl's own `dateStyle: 'medium'`, which
 * format-date.test.ts checks date by date; any other language still goes through Intl.
 *
 * The day is the reader's (their time zone) once the page runs in their browser. The server does
 * not know their zone, so a page it writes, and the browser's hydration of it, use UTC's day;
 * useFormatDate switches to the reader's right after hydration.
 */

import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';

/** Whose calendar day a date is written in. */
export type DateZone = 'utc' | 'local';

const ENGLISH_MONTHS = [
  'Jan',
  'Feb',
  'Mar',
  'Apr',
  'May',
  'Jun',
  'Jul',
  'Aug',
  'Sep',
  'Oct',
  'Nov',
  'Dec',
] as const;

const otherFormatters = new Map<string, Intl.DateTimeFormat>();

function formatWithIntl(date: Date, language: string, zone: DateZone): string {
  const key = `${language} ${zone}`;
  let formatter = otherFormatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(language, {
      dateStyle: 'medium',
      ...(zone === 'utc' ? { timeZone: 'UTC' } : {}),
    });
    otherFormatters.set(key, formatter);
  }
  return formatter.format(date);
}

/** A date from the API in the reader's language ('Mar 4, 2025' / '2025. 3. 4.'); '' if invalid. */
export function formatDate(value: string, language: string, zone: DateZone): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  const utc = zone === 'utc';
  const year = utc ? date.getUTCFullYear() : date.getFullYear();
  const month = utc ? date.getUTCMonth() : date.getMonth();
  const day = utc ? date.getUTCDate() : date.getDate();
  // Years before 1000 or after 9999 are written differently by Intl; the API sends none.
  if (year < 1000 || year > 9999) return formatWithIntl(date, language, zone);
  if (language === 'en') return `${ENGLISH_MONTHS[month]} ${day}, ${year}`;
  if (language === 'ko') return `${year}. ${month + 1}. ${day}.`;
  return formatWithIntl(date, language, zone);
}

const neverChanges = () => () => {};

/**
 * formatDate in the page's language: UTC's day while the server writes the page and while the
 * browser hydrates it (so both write the same text), the reader's own day from then on.
 */
export function useFormatDate(): (value: string) => string {
  const { i18n } = useTranslation();
  const zone = useSyncExternalStore<DateZone>(
    neverChanges,
    () => 'local',
    () => 'utc',
  );
  return (value) => formatDate(value, i18n.language, zone);
}

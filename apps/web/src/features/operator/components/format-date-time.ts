import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * A moment in the member's language and time zone, to the second ('Nov 28, 2026, 2:05:09 PM').
 * The console is never written on the server, so Intl's cost stays off the customers' pages.
 */
export function useFormatDateTime(): (value: string) => string {
  const { i18n } = useTranslation();
  const formatter = useMemo(
    () => new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'medium' }),
    [i18n.language],
  );
  return (value) => {
    const date = new Date(value);
    return Number.isNaN(date.getTime()) ? value : formatter.format(date);
  };
}

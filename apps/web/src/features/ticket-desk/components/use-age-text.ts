import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ageOf } from './desk-queue-filters';

/** '3 days ago' / '3일 전' in the member's language. */
export function useAgeText(): (since: string) => string {
  const { i18n } = useTranslation();
  const format = useMemo(
    () => new Intl.RelativeTimeFormat(i18n.language, { numeric: 'always', style: 'short' }),
    [i18n.language],
  );
  return (since) => {
    const age = ageOf(since, Date.now());
    return age === null ? since : format.format(-age.value, age.unit);
  };
}

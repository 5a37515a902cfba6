import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TLanguage } from '@cloud-portal/contract/company/company-rules';
import { getCurrentLanguage } from '@/i18n/i18n';

/** A long text's loaders, one chunk per language. */
export type LocalizedLoaders<T> = Record<TLanguage, () => Promise<T>>;

/**
 * A long text (FAQ, terms, an agreement) in the reader's language, fetched when first shown.
 * `select` (stable, e.g. from useCallback) turns the loaded text into what the page shows.
 */
export function useLocalizedText<T, R = T>(
  name: string,
  loaders: LocalizedLoaders<T>,
  select?: (text: T) => R,
) {
  const { i18n } = useTranslation();
  const language = getCurrentLanguage(i18n.language);
  return useQuery({
    queryKey: ['content', 'text', name, language],
    queryFn: () => loaders[language](),
    staleTime: Infinity,
    // While another language's text loads, the current one stays on screen.
    placeholderData: keepPreviousData,
    select,
  });
}

import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { LazyNamespace } from '@/i18n/i18n';
import { getErrorMessage } from './error-message';

/** A text that carries a value (an address, a count): its translation's name and values. */
export type MessagePattern = {
  name: string;
  pattern: RegExp;
  values: (match: RegExpExecArray) => Record<string, string | number>;
};

const NO_PATTERNS: readonly MessagePattern[] = [];

/**
 * The contract's and the server's messages in the user's language: `texts` holds their English
 * text (the spec's own) by name, and the namespace translates each name under `messages.`. A
 * message the translations do not know is shown as the server wrote it. `texts` and `patterns`
 * must be module constants, or the callbacks change on every render.
 */
export function useContractMessages<Name extends string>(
  namespace: LazyNamespace,
  texts: Readonly<Record<Name, string>>,
  patterns: readonly MessagePattern[] = NO_PATTERNS,
) {
  const { t, i18n } = useTranslation(namespace);
  const { t: tCommon } = useTranslation();
  // The keys are built from names at run time, which the typed `t` cannot check.
  const translate = t as unknown as (key: string, values?: object) => string;

  const nameByText = useMemo(
    () => new Map(Object.entries<string>(texts).map(([name, text]) => [text, name])),
    [texts],
  );

  const message = useCallback((name: Name): string => translate(`messages.${name}`), [translate]);

  const translateMessage = useCallback(
    (text: string): string => {
      const name = nameByText.get(text);
      if (name !== undefined && i18n.exists(`${namespace}:messages.${name}`)) {
        return translate(`messages.${name}`);
      }
      for (const { name: patternName, pattern, values } of patterns) {
        const match = pattern.exec(text);
        if (match) return translate(`messages.${patternName}`, values(match));
      }
      return text;
    },
    [nameByText, i18n, namespace, translate, patterns],
  );

  /** A failed call's text: the server's message (translated when known), else a generic one. */
  const translateError = useCallback(
    (error: unknown): string => translateMessage(getErrorMessage(error, tCommon)),
    [translateMessage, tCommon],
  );

  return { message, translateMessage, translateError };
}

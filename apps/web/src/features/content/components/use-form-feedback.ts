import { useCallback, useState } from 'react';
import type { UseFormReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { messages } from '@cloud-portal/contract/validation/messages';
import { isApiError } from '@/lib/api-client';
import { getFieldErrors } from '@/lib/error-message';
import { useContractMessages } from '@/lib/use-contract-messages';

type FormErrors = Record<string, unknown>;

/**
 * What every form of the content pages does with its errors: focus the first invalid field,
 * announce how many there are to screen readers, and show a 400 answer's `data.errors` on
 * their fields.
 */
export function useFormFeedback<Values extends Record<string, unknown>>(
  form: UseFormReturnType<Values>,
) {
  const { t } = useTranslation('content');
  const { translateMessage } = useContractMessages('content', messages);
  const [announcement, setAnnouncement] = useState<string[]>([]);

  const reportErrors = useCallback(
    (errors: FormErrors) => {
      const entries = Object.entries(errors).filter(([, message]) => Boolean(message));
      const [firstField] = entries[0] ?? [];
      if (firstField !== undefined) form.getInputNode(firstField)?.focus();
      // Each field's own message is read with the field (aria-describedby) when focus reaches
      // it; the live region only says how many need attention.
      setAnnouncement(
        entries.length === 0 ? [] : [t('forms.errorSummary', { count: entries.length })],
      );
    },
    [form, t],
  );

  /** True when the failure was a 400 with field errors, now shown on the fields. */
  const showServerFieldErrors = useCallback(
    (error: unknown): boolean => {
      if (!isApiError(error) || error.status !== 400) return false;
      const fieldErrors = getFieldErrors(error).filter((item) => item.field in form.getValues());
      if (fieldErrors.length === 0) return false;
      const errors = Object.fromEntries(
        fieldErrors.map((item) => [item.field, translateMessage(item.message)]),
      );
      form.setErrors(errors);
      reportErrors(errors);
      return true;
    },
    [form, reportErrors, translateMessage],
  );

  const clearAnnouncement = useCallback(() => setAnnouncement([]), []);

  return { announcement, reportErrors, showServerFieldErrors, clearAnnouncement };
}

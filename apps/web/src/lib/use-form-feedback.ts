import { useCallback, useEffect, useState } from 'react';
import type { UseFormReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { isApiError } from './api-client';
import { getFieldErrors } from './error-message';
import { notifications } from '@mantine/notifications';
import { showErrorToast } from './notify';

type FormErrors = Record<string, unknown>;

type Options = {
  /** The server's field names that differ from the form's (`countryCode` → `countryIso`). */
  fieldNames?: Record<string, string>;
  /** The order fields appear in, so focus goes to the first invalid one on the page. */
  fieldOrder?: readonly string[];
};

const NO_OPTIONS: Options = {};

/**
 * What every form does with its errors: focus the first invalid field, announce how many there
 * are to screen readers, and show a 400 answer's `data.errors` on their fields, translated by
 * `translateMessage` (the form's `useContractMessages`).
 */
export function useFormFeedback<Values extends Record<string, unknown>>(
  form: UseFormReturnType<Values>,
  translateMessage: (text: string) => string,
  { fieldNames, fieldOrder }: Options = NO_OPTIONS,
) {
  const { t } = useTranslation();
  const [announcement, setAnnouncement] = useState<string[]>([]);

  const reportErrors = useCallback(
    (errors: FormErrors) => {
      const entries = Object.entries(errors).filter(([, message]) => Boolean(message));
      const fields = entries.map(([field]) => field);
      const first = fieldOrder?.find((field) => fields.includes(field)) ?? fields[0];
      if (first !== undefined) {
        // After React has shown the field (a collapsed section opens, a step changes).
        window.setTimeout(() => form.getInputNode(first)?.focus(), 0);
      }
      // Each field's own message is read with the field (aria-describedby) when focus reaches
      // it; the live region says how many need attention.
      setAnnouncement(
        entries.length === 0 ? [] : [t('forms.errorSummary', { count: entries.length })],
      );
    },
    [form, t, fieldOrder],
  );

  /** The 400 answer's field errors by form field, translated; empty when there are none. */
  const readServerFieldErrors = useCallback(
    (error: unknown): Record<string, string> => {
      if (!isApiError(error) || error.status !== 400) return {};
      const values = form.getValues();
      const errors: Record<string, string> = {};
      for (const item of getFieldErrors(error)) {
        const field = fieldNames?.[item.field] ?? item.field;
        if (field in values && errors[field] === undefined) {
          errors[field] = translateMessage(item.message);
        }
      }
      return errors;
    },
    [form, fieldNames, translateMessage],
  );

  /**
   * Shows the 400 answer's field errors on their fields and reports them (`report`, when the form
   * must first open the fields' section); false when there are none.
   */
  const showServerFieldErrors = useCallback(
    (error: unknown, report: (errors: FormErrors) => void = reportErrors): boolean => {
      const errors = readServerFieldErrors(error);
      if (Object.keys(errors).length === 0) return false;
      form.setErrors(errors);
      report(errors);
      return true;
    },
    [form, reportErrors, readServerFieldErrors],
  );

  const clearAnnouncement = useCallback(() => setAnnouncement([]), []);

  return {
    announcement,
    reportErrors,
    readServerFieldErrors,
    showServerFieldErrors,
    clearAnnouncement,
  };
}

const fieldToastId = (field: string) => `field-error-${field}`;

/**
 * A toast about one field ("Please select Region"), shown once however often it is asked for.
 * `useClearFieldErrorToasts` takes it away once the field is put right, not 8 s later.
 */
export function showFieldErrorToast(field: string, message: string): void {
  showErrorToast({ id: fieldToastId(field), message });
}

/** Takes away the toast of each field whose error is gone (null or empty). */
export function useClearFieldErrorToasts(errors: Record<string, unknown>): void {
  useEffect(() => {
    for (const [field, message] of Object.entries(errors)) {
      if (!message) notifications.hide(fieldToastId(field));
    }
  }, [errors]);
}

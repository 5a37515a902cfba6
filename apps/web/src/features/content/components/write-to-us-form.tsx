import { useForm } from '@mantine/form';
import { IconMail } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { contentTextLimits } from '@cloud-portal/contract/content/text-limits';
import { messages } from '@cloud-portal/contract/validation/messages';
import { EmailInput } from '@/components/email-input';
import { isApiError } from '@/lib/api-client';
import { showErrorToast, showSuccessToast } from '@/lib/notify';
import { useContractMessages } from '@/lib/use-contract-messages';
import { useFormFeedback } from '@/lib/use-form-feedback';
import { useWriteToUs } from '../api/write-to-us';
import { LimitedTextarea } from './limited-text-fields';
import { SendForm } from './send-form';
import { useFieldRules } from './use-field-rules';

/**
 * portal.md §2 and §4 "Contact send": email and description. Success thanks the writer in the
 * server's words and clears the fields; a failure shows the server's message and clears them too,
 * except when the writer should simply try again (too many requests, no connection).
 */
export function WriteToUsForm() {
  const { t } = useTranslation('content');
  const { translateMessage, translateError } = useContractMessages('content', messages);
  const rules = useFieldRules();
  const writeToUs = useWriteToUs();
  const form = useForm({
    initialValues: { emailID: '', content: '' },
    validate: {
      emailID: rules.email(),
      content: rules.required(messages.descriptionRequired, contentTextLimits.writeToUs.content),
    },
  });
  const feedback = useFormFeedback(form, translateMessage);

  const handleSubmit = form.onSubmit((values) => {
    feedback.clearAnnouncement();
    writeToUs.mutate(values, {
      onSuccess: (message) => {
        showSuccessToast({ message: translateMessage(message) });
        form.reset();
      },
      onError: (error) => {
        if (feedback.showServerFieldErrors(error)) return;
        showErrorToast({ message: translateError(error) });
        const shouldRetry = isApiError(error) && (error.isNetworkError || error.status === 429);
        if (!shouldRetry) form.reset();
      },
    });
  }, feedback.reportErrors);

  return (
    <SendForm
      onSubmit={handleSubmit}
      labelledBy="write-to-us-title"
      testId="write-to-us-form"
      announcement={feedback.announcement}
      isPending={writeToUs.isPending}
    >
      <EmailInput
        label={t('help.emailLabel')}
        placeholder={t('help.emailPlaceholder')}
        leftSection={<IconMail size={16} aria-hidden />}
        {...form.getInputProps('emailID')}
      />
      <LimitedTextarea
        maxLength={contentTextLimits.writeToUs.content}
        label={t('help.descriptionLabel')}
        placeholder={t('help.descriptionPlaceholder')}
        autosize
        minRows={4}
        maxRows={10}
        required
        {...form.getInputProps('content')}
      />
    </SendForm>
  );
}

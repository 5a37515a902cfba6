import { Button, Stack, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconMail, IconSend } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { validateEmail } from '@cloud-portal/contract/validation/email';
import { messages } from '@cloud-portal/contract/validation/messages';
import { validateRequiredText } from '@cloud-portal/contract/validation/text';
import { FormErrorAnnouncer } from '@/components/form-error-announcer';
import { isApiError } from '@/lib/api-client';
import { showErrorToast, showSuccessToast } from '@/lib/notify';
import { useContractMessages } from '@/lib/use-contract-messages';
import { useWriteToUs } from '../api/write-to-us';
import { useFormFeedback } from './use-form-feedback';

/**
 * portal.md §2 and §4 "Contact send": email and description. Success thanks the writer in the
 * server's words and clears the fields; a failure shows the server's message and clears them too,
 * except when the writer should simply try again (too many requests, no connection).
 */
export function WriteToUsForm() {
  const { t } = useTranslation('content');
  const { translateMessage, translateError } = useContractMessages('content', messages);
  const writeToUs = useWriteToUs();
  const form = useForm({
    initialValues: { emailID: '', content: '' },
    validate: {
      emailID: (value) => {
        const problem = validateEmail(value);
        return problem === null ? null : translateMessage(problem);
      },
      content: (value) => {
        const problem = validateRequiredText(value, messages.descriptionRequired);
        return problem === null ? null : translateMessage(problem);
      },
    },
  });
  const feedback = useFormFeedback(form);

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
    <form
      onSubmit={handleSubmit}
      noValidate
      aria-labelledby="write-to-us-title"
      data-testid="write-to-us-form"
    >
      <Stack gap="md">
        <TextInput
          type="email"
          autoComplete="email"
          inputMode="email"
          label={t('help.emailLabel')}
          placeholder={t('help.emailPlaceholder')}
          leftSection={<IconMail size={16} aria-hidden />}
          required
          {...form.getInputProps('emailID')}
        />
        <Textarea
          label={t('help.descriptionLabel')}
          placeholder={t('help.descriptionPlaceholder')}
          autosize
          minRows={4}
          maxRows={10}
          required
          {...form.getInputProps('content')}
        />
        <FormErrorAnnouncer messages={feedback.announcement} />
        <Button
          type="submit"
          loading={writeToUs.isPending}
          disabled={writeToUs.isPending}
          rightSection={<IconSend size={16} aria-hidden />}
          style={{ alignSelf: 'flex-start' }}
        >
          {t('forms.send')}
        </Button>
      </Stack>
    </form>
  );
}

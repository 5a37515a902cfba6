import { Button, NativeSelect, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconMail, IconSend } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { validateEmail } from '@cloud-portal/contract/validation/email';
import { messages } from '@cloud-portal/contract/validation/messages';
import { validateRequiredText } from '@cloud-portal/contract/validation/text';
import { FormErrorAnnouncer } from '@/components/form-error-announcer';
import { showErrorToast, showSuccessToast } from '@/lib/notify';
import { useContractMessages } from '@/lib/use-contract-messages';
import { useSendQueryMail } from '../api/send-query-mail';
import { useFormFeedback } from './use-form-feedback';

type Props = { businessName: string; productServices: string[] };

/**
 * portal.md §2 and §5, the enquiry of a SendEmailForEnquiry business unit: name, email, message
 * and the product service, this unit to begin with and any other of the company's units by
 * choice (the server refuses a service the company does not offer). Success clears name,
 * message and email.
 */
export function BusinessEnquiryForm({ businessName, productServices }: Props) {
  const { t } = useTranslation('content');
  const { translateMessage, translateError } = useContractMessages('content', messages);
  const sendQueryMail = useSendQueryMail();

  const required = (message: string) => (value: string) => {
    const problem = validateRequiredText(value, message);
    return problem === null ? null : translateMessage(problem);
  };

  const form = useForm({
    initialValues: { name: '', emailID: '', queryData: '', productService: businessName },
    validate: {
      name: required(messages.nameRequired),
      emailID: (value) => {
        const problem = validateEmail(value, messages.emailInvalidLogin);
        return problem === null ? null : translateMessage(problem);
      },
      queryData: required(messages.descriptionRequired),
      productService: required(messages.productServiceRequired),
    },
  });
  const feedback = useFormFeedback(form);

  const handleSubmit = form.onSubmit((values) => {
    feedback.clearAnnouncement();
    sendQueryMail.mutate(values, {
      onSuccess: (message) => {
        showSuccessToast({ message: translateMessage(message) });
        form.setValues({ name: '', emailID: '', queryData: '' });
        form.resetTouched();
      },
      onError: (error) => {
        if (feedback.showServerFieldErrors(error)) return;
        showErrorToast({ message: translateError(error) });
      },
    });
  }, feedback.reportErrors);

  return (
    <form
      onSubmit={handleSubmit}
      noValidate
      aria-labelledby="enquiry-title"
      data-testid="enquiry-form"
    >
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="md">
          <TextInput
            label={t('businessUnit.name')}
            autoComplete="name"
            required
            {...form.getInputProps('name')}
          />
          <TextInput
            type="email"
            label={t('businessUnit.email')}
            autoComplete="email"
            inputMode="email"
            leftSection={<IconMail size={16} aria-hidden />}
            required
            {...form.getInputProps('emailID')}
          />
        </SimpleGrid>

        <Textarea
          label={t('businessUnit.message')}
          autosize
          minRows={4}
          maxRows={10}
          required
          {...form.getInputProps('queryData')}
        />
        <NativeSelect
          label={t('businessUnit.productService')}
          data={[{ value: '', label: t('businessUnit.chooseProductService') }, ...productServices]}
          required
          {...form.getInputProps('productService')}
        />
        <FormErrorAnnouncer messages={feedback.announcement} />
        <Button
          type="submit"
          loading={sendQueryMail.isPending}
          disabled={sendQueryMail.isPending}
          rightSection={<IconSend size={16} aria-hidden />}
          style={{ alignSelf: 'flex-start' }}
        >
          {t('forms.send')}
        </Button>
      </Stack>
    </form>
  );
}

import { NativeSelect, SimpleGrid } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconMail } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { contentTextLimits } from '@cloud-portal/contract/content/text-limits';
import { messages } from '@cloud-portal/contract/validation/messages';
import { EmailInput } from '@/components/email-input';
import { showErrorToast, showSuccessToast } from '@/lib/notify';
import { useContractMessages } from '@/lib/use-contract-messages';
import { useFormFeedback } from '@/lib/use-form-feedback';
import { useSendQueryMail } from '../api/send-query-mail';
import { LimitedTextarea, LimitedTextInput } from './limited-text-fields';
import { SendForm } from './send-form';
import { useFieldRules } from './use-field-rules';

type Props = { businessName: string; productServices: string[] };

const limits = contentTextLimits.enquiry;

/**
 * portal.md §2 and §5, the enquiry of a SendEmailForEnquiry business unit: name, email, message
 * and the product service, this unit to begin with and any other of the company's units by
 * choice (the server refuses a service the company does not offer). Success clears name,
 * message and email.
 */
export function BusinessEnquiryForm({ businessName, productServices }: Props) {
  const { t } = useTranslation('content');
  const { translateMessage, translateError } = useContractMessages('content', messages);
  const rules = useFieldRules();
  const sendQueryMail = useSendQueryMail();

  const form = useForm({
    initialValues: { name: '', emailID: '', queryData: '', productService: businessName },
    validate: {
      name: rules.required(messages.nameRequired, limits.name),
      emailID: rules.email(messages.emailInvalidLogin),
      queryData: rules.required(messages.descriptionRequired, limits.queryData),
      productService: rules.required(messages.productServiceRequired),
    },
  });
  const feedback = useFormFeedback(form, translateMessage);

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
    <SendForm
      onSubmit={handleSubmit}
      labelledBy="enquiry-title"
      testId="enquiry-form"
      announcement={feedback.announcement}
      isPending={sendQueryMail.isPending}
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="md">
        <LimitedTextInput
          maxLength={limits.name}
          label={t('businessUnit.name')}
          autoComplete="name"
          required
          {...form.getInputProps('name')}
        />
        <EmailInput
          label={t('businessUnit.email')}
          leftSection={<IconMail size={16} aria-hidden />}
          {...form.getInputProps('emailID')}
        />
      </SimpleGrid>

      <LimitedTextarea
        maxLength={limits.queryData}
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
    </SendForm>
  );
}

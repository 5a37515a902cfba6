import { useState } from 'react';
import { Box, FileInput, Group, Image, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconPhotoUp } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import {
  isContactNumber,
  MEMBERSHIP_LOGO_TYPES,
} from '@cloud-portal/contract/content/membership-rules';
import { contentTextLimits } from '@cloud-portal/contract/content/text-limits';
import { messages } from '@cloud-portal/contract/validation/messages';
import { EmailInput } from '@/components/email-input';
import { isApiError } from '@/lib/api-client';
import { useCompanyConfiguration } from '@/lib/company-configuration-context';
import { readImageSize } from '@/lib/read-image-size';
import { showErrorToast, showSuccessToast } from '@/lib/notify';
import { useContractMessages } from '@/lib/use-contract-messages';
import { useFormFeedback } from '@/lib/use-form-feedback';
import { useSendMembershipEnquiry } from '../api/send-membership-enquiry';
import { contactNumberExample } from './contact-number-example';
import { LimitedTextarea, LimitedTextInput } from './limited-text-fields';
import { checkLogo, checkLogoFile } from './membership-logo';
import { SendForm } from './send-form';
import { useFieldRules } from './use-field-rules';

type LogoState =
  | { status: 'none' }
  | { status: 'checking'; file: File }
  | {
      status: 'checked';
      file: File;
      /** A data: URL of the picture; null when it is not one we can show. */
      previewUrl: string | null;
      width: number;
      height: number;
      problem: string | null;
    };

const limits = contentTextLimits.membership;

const INITIAL_VALUES = {
  companyName: '',
  emailID: '',
  contactNo: '',
  vatNumber: '',
  registrationNumber: '',
  companyAddress: '',
  companyLogo: null as File | null,
};

/**
 * portal.md §2 "Membership enquiry form" (the CxO series): company details and an optional logo,
 * sent as multipart/form-data. The logo is checked in the browser against the same rule as the
 * server (PNG, JPEG or WebP, up to 2 MB, 50 pixels wide or high) using its real decoded size.
 */
export function MembershipEnquiryForm() {
  const { t } = useTranslation('content');
  const { translateMessage, translateError } = useContractMessages('content', messages);
  const rules = useFieldRules();
  const sendEnquiry = useSendMembershipEnquiry();
  const [logo, setLogo] = useState<LogoState>({ status: 'none' });
  const contactExample = contactNumberExample(useCompanyConfiguration());

  const form = useForm({
    initialValues: INITIAL_VALUES,
    validate: {
      companyName: rules.required(messages.companyNameRequired, limits.companyName),
      emailID: rules.email(),
      contactNo: (value) => {
        if (value.trim() === '') return translateMessage(messages.contactNumberRequired);
        return isContactNumber(value) ? null : translateMessage(messages.contactNumberInvalid);
      },
      registrationNumber: rules.required(
        messages.registrationNumberRequired,
        limits.registrationNumber,
      ),
      companyAddress: rules.required(messages.companyAddressRequired, limits.companyAddress),
      companyLogo: () =>
        logo.status === 'checked' && logo.problem !== null ? translateMessage(logo.problem) : null,
    },
  });
  const feedback = useFormFeedback(form, translateMessage);

  const chooseLogo = (file: File | null) => {
    form.setFieldValue('companyLogo', file);
    form.clearFieldError('companyLogo');
    if (file === null) {
      setLogo({ status: 'none' });
      return;
    }
    const fileProblem = checkLogoFile({ type: file.type, bytes: file.size });
    if (fileProblem !== null) {
      setLogo({
        status: 'checked',
        file,
        previewUrl: null,
        width: 0,
        height: 0,
        problem: fileProblem,
      });
      form.setFieldError('companyLogo', translateMessage(fileProblem));
      return;
    }
    setLogo({ status: 'checking', file });
    Promise.all([readImageSize(file), readDataUrl(file)]).then(
      ([{ width, height }, previewUrl]) => {
        if (form.getValues().companyLogo !== file) return;
        const problem = checkLogo({ type: file.type, bytes: file.size, width, height });
        setLogo({ status: 'checked', file, previewUrl, width, height, problem });
        if (problem !== null) form.setFieldError('companyLogo', translateMessage(problem));
      },
      () => {
        if (form.getValues().companyLogo !== file) return;
        const problem = t('membership.logoReadError');
        setLogo({ status: 'checked', file, previewUrl: null, width: 0, height: 0, problem });
        form.setFieldError('companyLogo', problem);
      },
    );
  };

  const handleSubmit = form.onSubmit((values) => {
    feedback.clearAnnouncement();
    sendEnquiry.mutate(values, {
      onSuccess: (message) => {
        showSuccessToast({ message: translateMessage(message) });
        form.reset();
        setLogo({ status: 'none' });
      },
      onError: (error) => {
        if (feedback.showServerFieldErrors(error)) return;
        showErrorToast({ message: translateError(error) });
        if (isApiError(error) && error.status === 413) {
          form.setFieldError('companyLogo', translateMessage(messages.logoTooLarge));
        }
      },
    });
  }, feedback.reportErrors);

  const isCheckingLogo = logo.status === 'checking';
  const isBusy = sendEnquiry.isPending || isCheckingLogo;

  return (
    <SendForm
      onSubmit={handleSubmit}
      labelledBy="membership-title"
      testId="membership-form"
      announcement={feedback.announcement}
      isPending={isBusy}
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="md">
        <LimitedTextInput
          maxLength={limits.companyName}
          label={t('membership.companyName')}
          autoComplete="organization"
          required
          {...form.getInputProps('companyName')}
        />
        <EmailInput label={t('membership.email')} {...form.getInputProps('emailID')} />
        <TextInput
          type="tel"
          label={t('membership.contactNumber')}
          description={
            contactExample === null
              ? t('membership.contactNumberHintPlain')
              : t('membership.contactNumberHint', { example: contactExample })
          }
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          autoComplete="tel"
          inputMode="tel"
          required
          {...form.getInputProps('contactNo')}
        />
        <LimitedTextInput
          maxLength={limits.vatNumber}
          label={<OptionalLabel label={t('membership.vatNumber')} />}
          {...form.getInputProps('vatNumber')}
        />
        <LimitedTextInput
          maxLength={limits.registrationNumber}
          label={t('membership.registrationNumber')}
          required
          {...form.getInputProps('registrationNumber')}
        />
      </SimpleGrid>
      <LimitedTextarea
        maxLength={limits.companyAddress}
        label={t('membership.companyAddress')}
        autoComplete="street-address"
        autosize
        minRows={2}
        maxRows={5}
        required
        {...form.getInputProps('companyAddress')}
      />
      <Group align="flex-start" gap="lg" wrap="wrap">
        <FileInput
          label={<OptionalLabel label={t('membership.logo')} />}
          description={t('membership.logoRule')}
          placeholder={t('membership.logoPlaceholder')}
          accept={MEMBERSHIP_LOGO_TYPES.join(',')}
          leftSection={<IconPhotoUp size={18} aria-hidden />}
          clearable
          clearButtonProps={{ 'aria-label': t('membership.removeLogo') }}
          fileInputProps={{ 'data-testid': 'membership-logo-input' } as object}
          style={{ flex: '1 1 280px' }}
          {...form.getInputProps('companyLogo')}
          onChange={chooseLogo}
        />
        {logo.status === 'checked' && logo.previewUrl !== null && (
          <Stack gap={4} align="center" data-testid="membership-logo-preview">
            <Box
              p="xs"
              bg="gray.0"
              style={{
                border: '1px dashed var(--mantine-color-gray-4)',
                borderRadius: 'var(--mantine-radius-md)',
              }}
            >
              <Image
                src={logo.previewUrl}
                alt={t('membership.logoPreview')}
                maw={160}
                mah={120}
                w="auto"
                fit="contain"
              />
            </Box>
            {logo.width > 0 && (
              <Text size="xs" c={logo.problem ? 'red.7' : 'dimmed'}>
                {t('membership.logoSize', { width: logo.width, height: logo.height })}
              </Text>
            )}
          </Stack>
        )}
      </Group>
    </SendForm>
  );
}

/** A label that says the field may stay empty. */
function OptionalLabel({ label }: { label: string }) {
  const { t } = useTranslation('content');
  return (
    <>
      {label}{' '}
      <Text span c="dimmed" size="sm" fw={400}>
        {t('forms.optional')}
      </Text>
    </>
  );
}

/** The file as a data: URL, for the preview (the page's CSP allows data: images). */
function readDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read.'));
    reader.readAsDataURL(file);
  });
}

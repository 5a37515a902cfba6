import { Link, useNavigate } from 'react-router';
import { Button, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconArrowLeft, IconMail, IconSend } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { validateEmail } from '@cloud-portal/contract/validation/email';
import { FormErrorAnnouncer } from '@/components/form-error-announcer';
import { showErrorToast, showSuccessToast } from '@/lib/notify';
import { useForgotPassword } from '../api/forgot-password';
import { AuthCard } from '../components/auth-card';
import { ForgotUserNameForm } from '../components/forgot-user-name-form';
import { useAccountFormFeedback } from '../components/use-account-form-feedback';
import { useAccountMessages } from '../components/use-account-messages';

/**
 * /forgetpassword (portal.md §2, §4, §5, §8): the address to mail a recovery link to; success
 * says so in the server's words and goes back to /customerlogin. The forgot-user-name screen the
 * spec keeps unrouted is offered below as a small form of its own.
 */
export function ForgotPasswordPage() {
  const { t } = useTranslation('accounts');
  const navigate = useNavigate();
  const forgotPassword = useForgotPassword();
  const { translateMessage, translateError, translateProblem } = useAccountMessages();

  const form = useForm({
    initialValues: { emailID: '' },
    validate: { emailID: (value) => translateProblem(validateEmail(value)) },
  });
  const feedback = useAccountFormFeedback(form);

  const handleSubmit = form.onSubmit((values) => {
    feedback.clearAnnouncement();
    forgotPassword.mutate(values.emailID, {
      onSuccess: (message) => {
        showSuccessToast({ message: translateMessage(message) });
        void navigate('/customerlogin');
      },
      onError: (error) => {
        const fieldErrors = feedback.readServerFieldErrors(error);
        if (Object.keys(fieldErrors).length > 0) {
          form.setErrors(fieldErrors);
          feedback.reportErrors(fieldErrors);
          return;
        }
        showErrorToast({ message: translateError(error) });
      },
    });
  }, feedback.reportErrors);

  return (
    <AuthCard
      title={t('forgotPassword.title')}
      description={t('forgotPassword.intro')}
      testId="forgot-password-page"
      footer={<ForgotUserNameForm />}
    >
      <form onSubmit={handleSubmit} noValidate aria-label={t('forgotPassword.title')}>
        <Stack gap="md">
          <TextInput
            type="email"
            autoComplete="email"
            inputMode="email"
            label={t('fields.email')}
            placeholder={t('fields.emailPlaceholder')}
            leftSection={<IconMail size={16} aria-hidden />}
            required
            {...form.getInputProps('emailID')}
          />
          <FormErrorAnnouncer messages={feedback.announcement} />
          <Stack gap="xs">
            <Button
              type="submit"
              fullWidth
              loading={forgotPassword.isPending}
              disabled={forgotPassword.isPending}
              leftSection={<IconSend size={18} aria-hidden />}
            >
              {t('forgotPassword.submit')}
            </Button>
            <Button
              component={Link}
              to="/customerlogin"
              variant="subtle"
              fullWidth
              leftSection={<IconArrowLeft size={18} aria-hidden />}
            >
              {t('common.goBackToLogin')}
            </Button>
          </Stack>
        </Stack>
      </form>
    </AuthCard>
  );
}

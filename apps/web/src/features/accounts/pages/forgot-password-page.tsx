import { Link, useNavigate } from 'react-router';
import { Button, Stack } from '@mantine/core';
import { IconArrowLeft, IconSend } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { FormErrorAnnouncer } from '@/components/form-error-announcer';
import { SubmitButton } from '@/components/submit-button';
import { showErrorToast, showSuccessToast } from '@/lib/notify';
import { useForgotPassword } from '../api/forgot-password';
import { AuthCard } from '../components/auth-card';
import { EmailField } from '../components/email-field';
import { ForgotUserNameForm } from '../components/forgot-user-name-form';
import { useAccountMessages } from '@/lib/use-account-messages';
import { useEmailForm } from '../components/use-email-form';

/**
 * /forgetpassword (portal.md §2, §4, §5, §8): the address to mail a recovery link to; success
 * says so in the server's words and goes back to /customerlogin. The forgot-user-name screen the
 * spec keeps unrouted is offered below as a small form of its own.
 */
export function ForgotPasswordPage() {
  const { t } = useTranslation('accounts');
  const navigate = useNavigate();
  const forgotPassword = useForgotPassword();
  const { translateMessage, translateError } = useAccountMessages();
  const { form, feedback } = useEmailForm();

  const handleSubmit = form.onSubmit((values) => {
    feedback.clearAnnouncement();
    forgotPassword.mutate(values.emailID, {
      onSuccess: (message) => {
        showSuccessToast({ message: translateMessage(message) });
        void navigate('/customerlogin');
      },
      onError: (error) => {
        if (feedback.showServerFieldErrors(error)) return;
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
          <EmailField {...form.getInputProps('emailID')} />
          <FormErrorAnnouncer messages={feedback.announcement} />
          <Stack gap="xs">
            <SubmitButton
              isPending={forgotPassword.isPending}
              fullWidth
              leftSection={<IconSend size={18} aria-hidden />}
            >
              {t('forgotPassword.submit')}
            </SubmitButton>
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

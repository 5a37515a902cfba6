import { useMemo, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { Alert, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertCircle, IconArrowLeft, IconKey } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import {
  validatePassword,
  validatePasswordConfirmation,
} from '@cloud-portal/contract/validation/account-rules';
import { FormErrorAnnouncer } from '@/components/form-error-announcer';
import { SubmitButton } from '@/components/submit-button';
import { isApiError } from '@/lib/api-client';
import { readLinkToken } from '@/lib/link-token';
import { showErrorToast, showSuccessToast } from '@/lib/notify';
import { useFormFeedback } from '@/lib/use-form-feedback';
import { useResetLinkCheck } from '../api/check-reset-link';
import { useUpdatePassword } from '../api/update-password';
import { ACCOUNT_TEXTS } from '@/lib/account-messages';
import { AuthCard } from '../components/auth-card';
import { PasswordField } from '../components/password-field';
import { useAccountMessages } from '@/lib/use-account-messages';

/**
 * /recoverpassword and /updatepassword?token=… (portal.md §2, §5): a new password (the sign-up
 * rule) and its confirmation, with show/hide toggles. Success goes to /customerlogin. The link is
 * checked as the page opens: one that is invalid, used or expired says so at once, instead of the
 * form, and offers a new one.
 */
export function RecoverPasswordPage() {
  const { t } = useTranslation('accounts');
  const navigate = useNavigate();
  const { search } = useLocation();
  const token = useMemo(() => readLinkToken(search), [search]);
  const linkCheck = useResetLinkCheck(token);
  const updatePassword = useUpdatePassword();
  const { translateMessage, translateError, translateProblem } = useAccountMessages();
  const [linkProblem, setLinkProblem] = useState<string | null>(null);

  const form = useForm({
    initialValues: { password: '', confirmPassword: '' },
    validate: {
      password: (value) => translateProblem(validatePassword(value)),
      confirmPassword: (value, values) =>
        translateProblem(validatePasswordConfirmation(values.password, value)),
    },
  });
  const feedback = useFormFeedback(form, translateMessage);

  const handleSubmit = form.onSubmit((values) => {
    if (token === null) return;
    feedback.clearAnnouncement();
    updatePassword.mutate(
      { ...values, queryStringValue: token },
      {
        onSuccess: (message) => {
          showSuccessToast({ message: translateMessage(message) });
          void navigate('/customerlogin', { replace: true });
        },
        onError: (error) => {
          if (isApiError(error) && error.message === ACCOUNT_TEXTS.recoveryLinkInvalid) {
            setLinkProblem(translateMessage(error.message));
            return;
          }
          feedback.showServerFieldErrors(error);
          showErrorToast({ message: translateError(error) });
        },
      },
    );
  }, feedback.reportErrors);

  // Only the link's own refusal hides the form: when the check could not be made (offline, rate
  // limited), the form stays and the server decides on submit.
  const isRefused =
    isApiError(linkCheck.error) && linkCheck.error.message === ACCOUNT_TEXTS.recoveryLinkInvalid;
  const problem =
    token === null || isRefused ? translateMessage(ACCOUNT_TEXTS.recoveryLinkInvalid) : linkProblem;

  if (problem === null && linkCheck.isPending) {
    return (
      <AuthCard title={t('recoverPassword.title')} testId="recover-password-page">
        <Group gap="sm" justify="center" role="status" data-testid="recovery-link-checking">
          <Loader size="sm" aria-hidden />
          <Text size="sm">{t('recoverPassword.checking')}</Text>
        </Group>
      </AuthCard>
    );
  }

  if (problem !== null) {
    return (
      <AuthCard title={t('recoverPassword.title')} testId="recover-password-page">
        <Alert
          color="red"
          variant="light"
          role="alert"
          title={t('recoverPassword.linkProblemTitle')}
          icon={<IconAlertCircle size={20} aria-hidden />}
          data-testid="recovery-link-invalid"
        >
          <Text size="sm">{problem}</Text>
        </Alert>
        <Stack gap="sm">
          <Button component={Link} to="/forgetpassword" fullWidth>
            {t('recoverPassword.requestNewLink')}
          </Button>
          <Button
            component={Link}
            to="/customerlogin"
            variant="default"
            fullWidth
            leftSection={<IconArrowLeft size={18} aria-hidden />}
          >
            {t('common.goBackToLogin')}
          </Button>
        </Stack>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title={t('recoverPassword.title')}
      description={t('recoverPassword.intro')}
      testId="recover-password-page"
    >
      <form onSubmit={handleSubmit} noValidate aria-label={t('recoverPassword.title')}>
        <Stack gap="md">
          <PasswordField
            autoComplete="new-password"
            label={t('fields.newPassword')}
            description={t('fields.passwordRule')}
            required
            {...form.getInputProps('password')}
          />
          <PasswordField
            autoComplete="new-password"
            label={t('fields.confirmNewPassword')}
            required
            {...form.getInputProps('confirmPassword')}
          />
          <FormErrorAnnouncer messages={feedback.announcement} />
          <SubmitButton
            isPending={updatePassword.isPending}
            size="md"
            fullWidth
            leftSection={<IconKey size={18} aria-hidden />}
          >
            {t('recoverPassword.submit')}
          </SubmitButton>
        </Stack>
      </form>
    </AuthCard>
  );
}

import { useEffect, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { Alert, Anchor, Button, Divider, Group, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconClockPause, IconLogin, IconUserPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { accountMessages } from '@cloud-portal/contract/validation/account-rules';
import { validateEmail } from '@cloud-portal/contract/validation/email';
import { FormErrorAnnouncer } from '@/components/form-error-announcer';
import { SubmitButton } from '@/components/submit-button';
import { readLoginLinkState, rememberLoginOrigin } from '@/lib/login-redirect';
import { isApiError } from '@/lib/api-client';
import { showErrorToast, showSuccessToast } from '@/lib/notify';
import { useFormFeedback } from '@/lib/use-form-feedback';
import { useLogin } from '../api/login';
import { AuthCard } from '../components/auth-card';
import { EmailField } from '../components/email-field';
import { PasswordField } from '../components/password-field';
import { useAccountMessages } from '@/lib/use-account-messages';
import { toLoginCodePath } from '../components/login-code-path';
import { ACCOUNT_TEXTS } from '@/lib/account-messages';

/**
 * /customerlogin (portal.md §2, §4, §5, §8): email and password; a correct pair mails a one-time
 * code and leads to /loginotp/{ID}/{emailId}/2. The page the visitor came from is remembered for
 * after the code. After five wrong passwords the pause is shown on the form with the way out that
 * needs no waiting: Forgot Password.
 */
export function LoginPage() {
  const { t } = useTranslation('accounts');
  const navigate = useNavigate();
  const location = useLocation();
  const login = useLogin();
  const { translateMessage, translateError, translateProblem } = useAccountMessages();
  const [pausedMessage, setPausedMessage] = useState<string | null>(null);

  useEffect(() => {
    const from = readLoginLinkState(location.state);
    if (from !== null) rememberLoginOrigin(from);
  }, [location.state]);

  const form = useForm({
    initialValues: { emailID: '', password: '' },
    validate: {
      emailID: (value) => translateProblem(validateEmail(value, accountMessages.emailInvalid)),
      password: (value) => translateProblem(value === '' ? accountMessages.passwordRequired : null),
    },
  });
  const feedback = useFormFeedback(form, translateMessage);

  const handleSubmit = form.onSubmit((values) => {
    feedback.clearAnnouncement();
    setPausedMessage(null);
    login.mutate(values, {
      onSuccess: ({ data, message }) => {
        showSuccessToast({ message: translateMessage(message) });
        void navigate(toLoginCodePath(data, 'login'));
      },
      onError: (error) => {
        if (isApiError(error) && error.message === ACCOUNT_TEXTS.loginPaused) {
          setPausedMessage(translateMessage(error.message));
          return;
        }
        feedback.showServerFieldErrors(error);
        showErrorToast({ message: translateError(error) });
      },
    });
  }, feedback.reportErrors);

  return (
    <AuthCard
      title={t('login.title')}
      description={t('login.intro')}
      testId="login-page"
      footer={
        <Stack gap="xs" align="center">
          <Divider label={t('login.newHere')} labelPosition="center" w="100%" />
          <Button
            component={Link}
            to="/signup"
            variant="default"
            fullWidth
            leftSection={<IconUserPlus size={18} aria-hidden />}
          >
            {t('login.register')}
          </Button>
        </Stack>
      }
    >
      <form onSubmit={handleSubmit} noValidate aria-label={t('login.title')}>
        <Stack gap="md">
          <EmailField autoComplete="username" {...form.getInputProps('emailID')} />
          <Stack gap={6}>
            <PasswordField
              autoComplete="current-password"
              label={t('fields.password')}
              placeholder={t('fields.passwordPlaceholder')}
              required
              {...form.getInputProps('password')}
            />
            <Group justify="flex-end">
              <Anchor component={Link} to="/forgetpassword" size="sm" fw={500}>
                {t('login.forgotPassword')}
              </Anchor>
            </Group>
          </Stack>
          <FormErrorAnnouncer messages={feedback.announcement} />
          {pausedMessage !== null && (
            <Alert
              color="orange"
              variant="light"
              role="alert"
              icon={<IconClockPause size={20} aria-hidden />}
              data-testid="login-paused"
            >
              <Stack gap={6}>
                <Text size="sm" fw={600}>
                  {pausedMessage}
                </Text>
                <Text size="sm">{t('login.pausedHelp')}</Text>
                <Group>
                  <Button component={Link} to="/forgetpassword" variant="default" size="xs">
                    {t('login.forgotPassword')}
                  </Button>
                </Group>
              </Stack>
            </Alert>
          )}
          <SubmitButton
            isPending={login.isPending}
            fullWidth
            size="md"
            leftSection={<IconLogin size={18} aria-hidden />}
          >
            {t('login.submit')}
          </SubmitButton>
        </Stack>
      </form>
    </AuthCard>
  );
}

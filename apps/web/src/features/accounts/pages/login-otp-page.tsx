import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { Alert, Anchor, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQueryClient } from '@tanstack/react-query';
import { IconAlertCircle, IconArrowLeft, IconLogin, IconShieldCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { isPendingLoginId } from '@cloud-portal/contract/accounts/pending-login';
import type { TSessionUser } from '@cloud-portal/contract/accounts/session';
import {
  accountMessages,
  keystrokeFilters,
  maskEmail,
  OTP_LENGTH,
} from '@cloud-portal/contract/validation/account-rules';
import { FormErrorAnnouncer } from '@/components/form-error-announcer';
import { isApiError } from '@/lib/api-client';
import { lazyDialog } from '@/lib/lazy-dialog';
import { resolvePathAfterLogin, takeLoginOrigin } from '@/lib/login-redirect';
import { showErrorToast, showSuccessToast } from '@/lib/notify';
import { startSession } from '@/lib/session';
import { useFormFeedback } from '@/lib/use-form-feedback';
import { useResendOtp } from '../api/resend-otp';
import { useTwoFactorAuth } from '../api/two-factor-auth';
import { ACCOUNT_TEXTS } from '@/lib/account-messages';
import { AuthCard } from '../components/auth-card';
import { getFilteredInputProps } from '../components/filtered-input';
import { LOGIN_CODE_FLOW } from '../components/login-code-path';
import { useAccountMessages } from '@/lib/use-account-messages';

// Its code loads while the code is being checked, before the welcome can open.
const welcomeDialog = lazyDialog(
  () => import('../components/welcome-modal'),
  (module) => module.WelcomeModal,
  (props) => props.opened,
);

/**
 * /loginotp/{ID}/{emailId}/{flow} (portal.md §2, §5, §8; ADR 004: flow 1 sign-up, 2 login; ID the
 * pending login's opaque reference, ADR 010): the mailed code completes the login. Then a welcome
 * with a progress bar, and after 3 seconds the page the customer was going to (or /marketplace, or
 * /home). When the login is over (five wrong codes, or too old), the page says so and leads back
 * to the password.
 */
export function LoginOtpPage() {
  const { t } = useTranslation('accounts');
  const params = useParams();
  const pending = useMemo(() => readPendingLogin(params), [params]);

  if (pending === null) return <LoginEnded title={t('otp.title')} message={t('otp.invalidLink')} />;
  return <LoginCodeForm {...pending} />;
}

type PendingLogin = { ID: string; emailID: string; isSignup: boolean };

function readPendingLogin(params: Record<string, string | undefined>): PendingLogin | null {
  const ID = params.ID ?? '';
  const emailID = params.emailId ?? '';
  if (!isPendingLoginId(ID) || !emailID.includes('@')) return null;
  return { ID, emailID, isSignup: params.flow === LOGIN_CODE_FLOW.signup };
}

/** A login whose code can no longer work: what happened, and the way out (the password again). */
function LoginEnded({ title, message }: { title?: string; message: string }) {
  const { t } = useTranslation('accounts');
  const wayOut = useRef<HTMLAnchorElement>(null);
  // The form the customer was typing in is gone: keep the keyboard on the one thing left to do.
  useEffect(() => wayOut.current?.focus(), []);
  return (
    <AuthCard title={title ?? t('otp.endedTitle')} testId="login-otp-page">
      <Alert
        color="red"
        variant="light"
        role="alert"
        icon={<IconAlertCircle size={20} aria-hidden />}
      >
        {message}
      </Alert>
      <Button
        ref={wayOut}
        component={Link}
        to="/customerlogin"
        replace
        fullWidth
        size="md"
        leftSection={<IconLogin size={18} aria-hidden />}
      >
        {t('otp.logInAgain')}
      </Button>
    </AuthCard>
  );
}

/** The answers that mean this login's code can no longer work, whatever is typed. */
const isLoginOver = (error: unknown) =>
  isApiError(error) &&
  (error.message === ACCOUNT_TEXTS.loginAgain ||
    error.message === ACCOUNT_TEXTS.otpTooManyAttempts);

function LoginCodeForm({ ID, emailID, isSignup }: PendingLogin) {
  const { t } = useTranslation('accounts');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const verify = useTwoFactorAuth();
  const resend = useResendOtp();
  const { translateMessage, translateError } = useAccountMessages();
  const [welcomed, setWelcomed] = useState<TSessionUser | null>(null);
  const [endedMessage, setEndedMessage] = useState<string | null>(null);

  const form = useForm({
    initialValues: { OTP: '' },
    validate: {
      OTP: (value) => (value.trim() === '' ? translateMessage(accountMessages.otpRequired) : null),
    },
  });
  const feedback = useFormFeedback(form, translateMessage);

  /** Wrong code, or the server's own words when the code expired or there were too many tries. */
  const describeFailure = (error: unknown): string => {
    if (!isApiError(error) || error.isNetworkError || error.httpStatus >= 500) {
      return translateError(error);
    }
    const isOwnWords =
      error.status === 429 ||
      error.message === ACCOUNT_TEXTS.otpExpired ||
      error.message === ACCOUNT_TEXTS.loginAgain;
    return isOwnWords
      ? translateMessage(error.message)
      : translateMessage(accountMessages.otpIncorrect);
  };

  const handleSubmit = form.onSubmit((values) => {
    feedback.clearAnnouncement();
    welcomeDialog.preload();
    verify.mutate(
      { ID, emailID, OTP: values.OTP },
      {
        onSuccess: ({ user, message }) => {
          startSession(queryClient, user);
          showSuccessToast({ message: translateMessage(message) });
          setWelcomed(user);
        },
        onError: (error) => {
          const message = describeFailure(error);
          if (isLoginOver(error)) {
            setEndedMessage(message);
            return;
          }
          form.setFieldError('OTP', message);
          feedback.reportErrors({ OTP: message });
          showErrorToast({ message });
        },
      },
    );
  }, feedback.reportErrors);

  const handleResend = () => {
    resend.mutate(
      { ID, emailID },
      {
        onSuccess: (message) => {
          form.setValues({ OTP: '' });
          form.clearErrors();
          showSuccessToast({ message: translateMessage(message) });
        },
        onError: (error) => showErrorToast({ message: translateError(error) }),
      },
    );
  };

  const goOn = useCallback(() => {
    void navigate(resolvePathAfterLogin(takeLoginOrigin()), { replace: true });
  }, [navigate]);

  if (endedMessage !== null) return <LoginEnded message={endedMessage} />;

  return (
    <AuthCard
      title={t('otp.title')}
      description={t('otp.intro', { email: maskEmail(emailID) })}
      testId="login-otp-page"
    >
      <form onSubmit={handleSubmit} noValidate aria-label={t('otp.title')}>
        <Stack gap="md">
          <TextInput
            label={t('otp.codeLabel')}
            description={t('otp.codeHint', { count: OTP_LENGTH })}
            placeholder={t('otp.codePlaceholder')}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={OTP_LENGTH}
            required
            size="md"
            styles={{ input: { letterSpacing: '0.4em', fontVariantNumeric: 'tabular-nums' } }}
            data-autofocus
            {...getFilteredInputProps(form, 'OTP', keystrokeFilters.digits)}
          />
          <FormErrorAnnouncer messages={feedback.announcement} />
          <Group grow gap="sm">
            <Button
              component={Link}
              to="/customerlogin"
              variant="default"
              leftSection={<IconArrowLeft size={18} aria-hidden />}
            >
              {t('otp.back')}
            </Button>
            <Button
              type="submit"
              loading={verify.isPending}
              disabled={verify.isPending || welcomed !== null}
              leftSection={<IconShieldCheck size={18} aria-hidden />}
            >
              {t('otp.submit')}
            </Button>
          </Group>
          <Text size="sm" ta="center" c="dimmed">
            {t('otp.noCode')}{' '}
            <Anchor
              component="button"
              type="button"
              size="sm"
              fw={600}
              onClick={handleResend}
              disabled={resend.isPending || welcomed !== null}
              aria-busy={resend.isPending}
            >
              {t('otp.resend')}
            </Anchor>
          </Text>
          {isSignup && (
            <Text size="xs" ta="center" c="dimmed">
              {t('otp.signupNote')}
            </Text>
          )}
        </Stack>
      </form>
      <welcomeDialog.Dialog
        opened={welcomed !== null}
        firstName={welcomed?.firstName ?? ''}
        onDone={goOn}
      />
    </AuthCard>
  );
}

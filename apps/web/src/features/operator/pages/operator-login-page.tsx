import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { Alert, Anchor, Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import type { TStaffPendingStep } from '@cloud-portal/contract/operator/auth';
import { operatorTexts } from '@cloud-portal/contract/operator/operator-texts';
import { isRecoveryCode, isTotpCode } from '@cloud-portal/contract/operator/staff-session';
import { accountMessages } from '@cloud-portal/contract/validation/account-rules';
import { validateEmail } from '@cloud-portal/contract/validation/email';
import { FormErrorAnnouncer } from '@/components/form-error-announcer';
import { SubmitButton } from '@/components/submit-button';
import { useOperatorSignIn, useOperatorVerify } from '../api/session';
import { OperatorAuthFrame } from '../components/operator-auth-frame';
import { useOperatorMessages } from '../components/operator-messages';
import { TotpSetup } from '../components/totp-setup';

type Step = 'password' | TStaffPendingStep['step'];

/**
 * /operator/login: the staff's own sign-in (ADR 028). Email and password, then the code from the
 * authenticator app or one of the recovery codes; a member without an app yet (an owner reset
 * it) sets one up here instead.
 */
export function OperatorLoginPage() {
  const { t } = useTranslation('operator');
  const [step, setStep] = useState<Step>('password');
  const intro = {
    password: t('login.intro'),
    totp: t('login.totpIntro'),
    enrol: t('login.enrolIntro'),
  }[step];
  return (
    <OperatorAuthFrame title={t('login.title')} description={intro} testId="operator-login-page">
      {step === 'password' && <PasswordStep onDone={setStep} />}
      {step === 'totp' && <TotpStep onRestart={() => setStep('password')} />}
      {step === 'enrol' && <TotpSetup />}
    </OperatorAuthFrame>
  );
}

function PasswordStep({ onDone }: { onDone: (step: TStaffPendingStep['step']) => void }) {
  const { t } = useTranslation('operator');
  const signIn = useOperatorSignIn();
  const { translateProblem, errorText } = useOperatorMessages();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm({
    initialValues: { email: '', password: '' },
    validate: {
      email: (value) => translateProblem(validateEmail(value, accountMessages.emailInvalid)),
      password: (value) => translateProblem(value === '' ? accountMessages.passwordRequired : null),
    },
  });

  return (
    <form
      noValidate
      aria-label={t('login.title')}
      onSubmit={form.onSubmit((values) => {
        setFailure(null);
        signIn.mutate(values, {
          onSuccess: ({ step }) => onDone(step),
          onError: (error) => setFailure(errorText(error)),
        });
      })}
    >
      <Stack gap="md">
        <TextInput
          type="email"
          autoComplete="username"
          label={t('fields.email')}
          required
          {...form.getInputProps('email')}
        />
        <PasswordInput
          visibilityToggleButtonProps={{ 'aria-label': t('fields.showPassword') }}
          autoComplete="current-password"
          label={t('fields.password')}
          required
          {...form.getInputProps('password')}
        />
        <FormErrorAnnouncer messages={Object.values(form.errors).map(String)} />
        {failure && (
          <Alert color="red" role="alert" data-testid="operator-login-error">
            {failure}
          </Alert>
        )}
        <SubmitButton isPending={signIn.isPending} fullWidth>
          {t('login.continue')}
        </SubmitButton>
      </Stack>
    </form>
  );
}

function TotpStep({ onRestart }: { onRestart: () => void }) {
  const { t } = useTranslation('operator');
  const navigate = useNavigate();
  const location = useLocation();
  const verify = useOperatorVerify();
  const { translateProblem, errorText } = useOperatorMessages();
  const [withRecoveryCode, setWithRecoveryCode] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm({
    initialValues: { code: '' },
    validate: {
      code: (value) =>
        translateProblem(
          withRecoveryCode
            ? isRecoveryCode(value)
              ? null
              : operatorTexts.recoveryCodeIncorrect
            : isTotpCode(value)
              ? null
              : operatorTexts.totpRequired,
        ),
    },
  });
  const from = (location.state as { from?: unknown } | null)?.from;
  const target = typeof from === 'string' && from.startsWith('/operator') ? from : '/operator';

  return (
    <form
      noValidate
      aria-label={t('login.totpTitle')}
      onSubmit={form.onSubmit(({ code }) => {
        setFailure(null);
        const body = withRecoveryCode ? { recoveryCode: code.trim() } : { code: code.trim() };
        verify.mutate(body, {
          onSuccess: () => void navigate(target, { replace: true }),
          onError: (error) => {
            form.setFieldValue('code', '');
            setFailure(errorText(error));
          },
        });
      })}
    >
      <Stack gap="md">
        {withRecoveryCode ? (
          <TextInput
            key="recovery"
            autoComplete="off"
            label={t('fields.recoveryCode')}
            description={t('login.recoveryHelp')}
            required
            {...form.getInputProps('code')}
          />
        ) : (
          <TextInput
            key="totp"
            autoComplete="one-time-code"
            inputMode="numeric"
            maxLength={6}
            label={t('fields.totpCode')}
            description={t('login.codeHelp')}
            required
            {...form.getInputProps('code')}
          />
        )}
        <FormErrorAnnouncer messages={Object.values(form.errors).map(String)} />
        {failure && (
          <Alert color="red" role="alert" data-testid="operator-login-error">
            {failure}
          </Alert>
        )}
        <SubmitButton isPending={verify.isPending} fullWidth>
          {t('login.signIn')}
        </SubmitButton>
        <Anchor
          component="button"
          type="button"
          size="sm"
          onClick={() => {
            setWithRecoveryCode(!withRecoveryCode);
            form.reset();
            setFailure(null);
          }}
        >
          {withRecoveryCode ? t('login.useApp') : t('login.useRecovery')}
        </Anchor>
        <Button variant="subtle" size="xs" onClick={onRestart}>
          {t('login.startOver')}
        </Button>
      </Stack>
    </form>
  );
}

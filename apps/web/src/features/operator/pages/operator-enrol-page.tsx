import { useState } from 'react';
import { Link } from 'react-router';
import {
  Alert,
  Button,
  Center,
  Loader,
  PasswordInput,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TEnrolmentLink } from '@cloud-portal/contract/operator/auth';
import { operatorTexts } from '@cloud-portal/contract/operator/operator-texts';
import {
  isEnrolmentToken,
  OPERATOR_LOGIN_PATH,
  STAFF_NAME_MAX_LENGTH,
} from '@cloud-portal/contract/operator/staff-session';
import {
  validatePassword,
  validatePasswordConfirmation,
} from '@cloud-portal/contract/validation/account-rules';
import { FormErrorAnnouncer } from '@/components/form-error-announcer';
import { SubmitButton } from '@/components/submit-button';
import { enrolmentLinkQueryOptions, useEnrolmentPassword } from '../api/session';
import { OperatorAuthFrame } from '../components/operator-auth-frame';
import { useOperatorMessages } from '../components/operator-messages';
import { TotpSetup } from '../components/totp-setup';

/**
 * /operator/enrol/:token: the link of `operator:create` or of an invitation. The member names
 * themselves and sets a password, then sets up their authenticator app and keeps the recovery
 * codes; the link works once.
 */
export function OperatorEnrolPage({ token }: { token: string }) {
  const { t } = useTranslation('operator');
  const [passwordSet, setPasswordSet] = useState(false);
  return (
    <OperatorAuthFrame
      title={t('enrol.title')}
      description={passwordSet ? t('enrol.totpIntro') : t('enrol.intro')}
      testId="operator-enrol-page"
    >
      {passwordSet ? (
        <TotpSetup />
      ) : isEnrolmentToken(token) ? (
        <PasswordStep token={token} onDone={() => setPasswordSet(true)} />
      ) : (
        <LinkUnusable />
      )}
    </OperatorAuthFrame>
  );
}

function LinkUnusable({ message }: { message?: string }) {
  const { t } = useTranslation('operator');
  const { translateMessage } = useOperatorMessages();
  return (
    <Alert color="red" role="alert" data-testid="enrolment-link-invalid">
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{message ?? translateMessage(operatorTexts.enrolmentLinkInvalid)}</Text>
        <Text size="sm">{t('enrol.askOwner')}</Text>
        <Button component={Link} to={OPERATOR_LOGIN_PATH} variant="light" size="xs">
          {t('enrol.toSignIn')}
        </Button>
      </Stack>
    </Alert>
  );
}

function PasswordStep({ token, onDone }: { token: string; onDone: () => void }) {
  const { t } = useTranslation('operator');
  const link = useQuery(enrolmentLinkQueryOptions(token));
  const { errorText } = useOperatorMessages();
  if (link.isPending) {
    return (
      <Center py="lg">
        <Loader aria-label={t('loading')} />
      </Center>
    );
  }
  if (link.isError) return <LinkUnusable message={errorText(link.error)} />;
  return <PasswordForm token={token} link={link.data} onDone={onDone} />;
}

function PasswordForm({
  token,
  link,
  onDone,
}: {
  token: string;
  link: TEnrolmentLink;
  onDone: () => void;
}) {
  const { t } = useTranslation('operator');
  const setPassword = useEnrolmentPassword(token);
  const { translateProblem, errorText } = useOperatorMessages();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm({
    initialValues: { name: link.name, password: '', confirmPassword: '' },
    validate: {
      name: (value) => translateProblem(value.trim() === '' ? operatorTexts.nameRequired : null),
      password: (value) => translateProblem(validatePassword(value)),
      confirmPassword: (value, values) =>
        translateProblem(validatePasswordConfirmation(values.password, value)),
    },
  });

  return (
    <form
      noValidate
      aria-label={t('enrol.passwordTitle')}
      onSubmit={form.onSubmit(({ name, password }) => {
        setFailure(null);
        setPassword.mutate(
          { name: name.trim(), password },
          { onSuccess: onDone, onError: (error) => setFailure(errorText(error)) },
        );
      })}
    >
      <Stack gap="md">
        <Text size="sm" data-testid="enrolment-for">
          {t('enrol.for', { email: link.email, company: link.companyName })}
        </Text>
        <TextInput
          autoComplete="name"
          label={t('fields.name')}
          maxLength={STAFF_NAME_MAX_LENGTH}
          required
          {...form.getInputProps('name')}
        />
        <PasswordInput
          visibilityToggleButtonProps={{ 'aria-label': t('fields.showPassword') }}
          autoComplete="new-password"
          label={t('fields.newPassword')}
          description={t('enrol.passwordRules')}
          required
          {...form.getInputProps('password')}
        />
        <PasswordInput
          visibilityToggleButtonProps={{ 'aria-label': t('fields.showPassword') }}
          autoComplete="new-password"
          label={t('fields.confirmPassword')}
          required
          {...form.getInputProps('confirmPassword')}
        />
        <FormErrorAnnouncer messages={Object.values(form.errors).map(String)} />
        {failure && (
          <Alert color="red" role="alert" data-testid="enrolment-error">
            {failure}
          </Alert>
        )}
        <SubmitButton isPending={setPassword.isPending} fullWidth>
          {t('enrol.setPassword')}
        </SubmitButton>
      </Stack>
    </form>
  );
}

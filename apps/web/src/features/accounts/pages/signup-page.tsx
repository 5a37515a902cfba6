import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Alert, Anchor, Badge, Button, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconArrowLeft, IconArrowRight, IconPhone, IconUserPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import {
  accountMessages,
  collapseSpaces,
  validatePassword,
  validatePasswordConfirmation,
} from '@cloud-portal/contract/validation/account-rules';
import { validateEmail } from '@cloud-portal/contract/validation/email';
import { STATUS_DUPLICATE } from '@cloud-portal/contract/envelope';
import { accountTexts } from '@cloud-portal/contract/accounts/account-texts';
import { FormErrorAnnouncer } from '@/components/form-error-announcer';
import { isApiError } from '@/lib/api-client';
import { useCompanyConfiguration } from '@/lib/company-configuration-context';
import { lazyDialog } from '@/lib/lazy-dialog';
import { showErrorToast, showSuccessToast } from '@/lib/notify';
import { useFormFeedback } from '@/lib/use-form-feedback';
import { useAddUser } from '../api/add-user';
import { useCheckEmail } from '../api/check-email';
import { useCountryCode } from '../api/get-country-code';
import {
  BILLING_FIELDS,
  DETAILS_FIELD_NAMES,
  PERSONAL_FIELDS,
  toDetailsRequest,
} from '../components/account-details';
import { AccountTextField } from '../components/account-text-field';
import { AuthCard } from '../components/auth-card';
import { BillingLocationFields } from '../components/billing-location-fields';
import { CountryCodeSelect } from '../components/country-code-select';
import { findCountryByIso, followBillingCountry } from '../components/country-options';
import { DESCRIPTION_BELOW } from '../components/description-below';
import { detailsRules } from '../components/details-rules';
import { EmailField } from '../components/email-field';
import { EmailTakenMessage } from '../components/email-taken-message';
import { toLoginCodePath } from '../components/login-code-path';
import { MobileNumberField } from '../components/mobile-number-field';
import { PasswordField } from '../components/password-field';
import { useAccountMessages } from '@/lib/use-account-messages';

// Its code loads when a pointer or the keyboard reaches Register, or when it first opens.
const agreementDialog = lazyDialog(
  () => import('../components/agreement-modal'),
  (module) => module.AgreementModal,
  (props) => props.opened,
);

const STEP_ONE_FIELDS = [...PERSONAL_FIELDS, 'password', 'confirmPassword'] as const;
const STEP_TWO_FIELDS = BILLING_FIELDS;
const FEEDBACK_OPTIONS = {
  fieldNames: DETAILS_FIELD_NAMES,
  fieldOrder: [...STEP_ONE_FIELDS, ...STEP_TWO_FIELDS],
};

type Step = 1 | 2;

/** An address as the server compares it. */
const toAccountEmail = (value: string) => value.trim().toLowerCase();

/**
 * /signup (portal.md §2, §4, §5, §8): two steps. Step 1 personal details and password, Next
 * checks them and asks the server whether the address is still free (ADR 014); step 2 the billing
 * address, Register checks it and opens the agreement, whose Proceed creates the account and
 * leads to the one-time code (/loginotp/{ID}/{emailId}/1). The phone code starts at the
 * company's own country.
 */
export function SignupPage() {
  const { t } = useTranslation('accounts');
  const { t: tCommon } = useTranslation();
  const navigate = useNavigate();
  const countries = useCountryCode();
  const addUser = useAddUser();
  const checkEmail = useCheckEmail();
  const { countryIsoCode: companyCountryIso } = useCompanyConfiguration();
  /** What the server said of each address this visit: free, or already an account. */
  const checkedEmails = useRef(new Map<string, 'free' | 'taken'>());
  const hasDefaultedCountry = useRef(false);
  const { translateMessage, translateError, translateProblem } = useAccountMessages();
  const [step, setStep] = useState<Step>(1);
  const [isAgreementOpen, setIsAgreementOpen] = useState(false);
  const stepHeadingRef = useRef<HTMLHeadingElement>(null);
  const hasMovedStep = useRef(false);

  const form = useForm({
    initialValues: {
      firstName: '',
      lastName: '',
      emailID: '',
      countryIso: '',
      contactNo: '',
      password: '',
      confirmPassword: '',
      companyName: '',
      vatNumber: '',
      address: '',
      region: '',
      city: '',
      state: '',
      postCode: '',
    },
    validate: {
      ...detailsRules(countries.data, translateProblem),
      emailID: (value) => translateProblem(validateEmail(value, accountMessages.emailInvalid)),
      password: (value) => translateProblem(validatePassword(value)),
      confirmPassword: (value, values) =>
        translateProblem(validatePasswordConfirmation(values.password, value)),
    },
  });
  const feedback = useFormFeedback(form, translateMessage, FEEDBACK_OPTIONS);
  const country = findCountryByIso(countries.data, form.values.countryIso);

  // portal.md §8: a failed country-code fetch is reported in a browser alert.
  const countryError = countries.error;
  useEffect(() => {
    if (countryError) window.alert(translateError(countryError));
  }, [countryError, translateError]);

  useEffect(() => {
    if (hasMovedStep.current) stepHeadingRef.current?.focus();
  }, [step]);

  // The company's own country is the default phone code (and billing country), once listed.
  useEffect(() => {
    const companyCountry = findCountryByIso(countries.data, companyCountryIso ?? '');
    if (companyCountry === null || hasDefaultedCountry.current) return;
    hasDefaultedCountry.current = true;
    if (form.getValues().countryIso !== '') return;
    form.setFieldValue('countryIso', companyCountry.isoCode);
    if (form.getValues().region === '') form.setFieldValue('region', companyCountry.countryName);
  }, [countries.data, companyCountryIso, form]);

  const validateStep = (fields: readonly string[]): boolean => {
    const errors: Record<string, string> = {};
    for (const field of fields) {
      const result = form.validateField(field);
      if (result.hasError) errors[field] = String(result.error);
    }
    feedback.reportErrors(errors);
    return Object.keys(errors).length === 0;
  };

  const moveTo = (next: Step) => {
    hasMovedStep.current = true;
    feedback.clearAnnouncement();
    setStep(next);
  };

  /** The address has an account: say so at the field, with the ways to Log In or recover it. */
  const showEmailTaken = () => {
    form.setFieldError('emailID', <EmailTakenMessage />);
    feedback.reportErrors({ emailID: translateMessage(accountTexts.emailTaken) });
  };

  const handleNext = () => {
    if (!validateStep(STEP_ONE_FIELDS)) return;
    const email = toAccountEmail(form.getValues().emailID);
    const known = checkedEmails.current.get(email);
    if (known === 'free') return moveTo(2);
    if (known === 'taken') return showEmailTaken();
    checkEmail.mutate(email, {
      onSuccess: () => {
        checkedEmails.current.set(email, 'free');
        moveTo(2);
      },
      onError: (error) => {
        if (isApiError(error) && error.status === STATUS_DUPLICATE) {
          checkedEmails.current.set(email, 'taken');
          showEmailTaken();
          return;
        }
        if (feedback.showServerFieldErrors(error)) return;
        // Asked too often, or no answer: Register checks the address again, so the visitor goes on.
        moveTo(2);
      },
    });
  };

  const handleRegister = () => {
    if (validateStep(STEP_TWO_FIELDS)) setIsAgreementOpen(true);
  };

  const handleProceed = () => {
    const values = form.getValues();
    addUser.mutate(
      { ...toDetailsRequest(values, countries.data), password: values.password },
      {
        onSuccess: ({ data, message }) => {
          setIsAgreementOpen(false);
          showSuccessToast({ message: translateMessage(message) });
          void navigate(toLoginCodePath(data, 'signup'));
        },
        onError: (error) => {
          setIsAgreementOpen(false);
          // 409: the address already has an account; the email field says so, with its links.
          if (isApiError(error) && error.status === STATUS_DUPLICATE) {
            checkedEmails.current.set(toAccountEmail(values.emailID), 'taken');
            if (step !== 1) moveTo(1);
            showEmailTaken();
            return;
          }
          showErrorToast({ message: translateError(error) });
          const fieldErrors = feedback.readServerFieldErrors(error);
          const fields = Object.keys(fieldErrors);
          if (fields.length === 0) return;
          form.setErrors(fieldErrors);
          const onStepOne = fields.some((field) =>
            (STEP_ONE_FIELDS as readonly string[]).includes(field),
          );
          if (onStepOne && step !== 1) moveTo(1);
          feedback.reportErrors(fieldErrors);
        },
      },
    );
  };

  return (
    <AuthCard
      title={t('signup.title')}
      description={t('signup.intro')}
      size="md"
      testId="signup-page"
      footer={
        <Text size="sm" c="dimmed">
          {t('signup.haveAccount')}{' '}
          <Anchor component={Link} to="/customerlogin" fw={600}>
            {t('signup.logIn')}
          </Anchor>
        </Text>
      }
    >
      <form
        noValidate
        aria-labelledby="signup-step-title"
        onSubmit={(event) => {
          event.preventDefault();
          if (step === 1) handleNext();
          else handleRegister();
        }}
      >
        <Stack gap="md">
          <Group gap="xs" wrap="nowrap">
            <Badge variant="light" size="lg" radius="sm">
              {t('signup.stepOf', { step, total: 2 })}
            </Badge>
            <Title
              order={2}
              size="h4"
              id="signup-step-title"
              ref={stepHeadingRef}
              tabIndex={-1}
              style={{ outline: 'none' }}
            >
              {step === 1 ? t('signup.stepOneTitle') : t('signup.stepTwoTitle')}
            </Title>
          </Group>

          {step === 1 ? (
            <Stack gap="md" data-testid="signup-step-1">
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
                <AccountTextField form={form} field="firstName" />
                <AccountTextField form={form} field="lastName" />
              </SimpleGrid>
              <EmailField {...form.getInputProps('emailID')} />
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
                <CountryCodeSelect
                  countries={countries.data ?? []}
                  autoComplete="tel-country-code"
                  disabled={countries.isPending}
                  {...form.getInputProps('countryIso')}
                  onChange={(event) => {
                    const isoCode = event.currentTarget.value;
                    const { countryIso: previousIso, region } = form.getValues();
                    form.setFieldValue('countryIso', isoCode);
                    const billingCountry = followBillingCountry(
                      region,
                      findCountryByIso(countries.data, previousIso),
                      findCountryByIso(countries.data, isoCode),
                    );
                    if (billingCountry !== null) form.setFieldValue('region', billingCountry);
                  }}
                />
                <MobileNumberField
                  form={form}
                  country={country}
                  leftSection={<IconPhone size={16} aria-hidden />}
                />
              </SimpleGrid>
              {countries.isError && (
                <Alert color="red" variant="light" role="alert" p="xs">
                  <Group justify="space-between" gap="xs">
                    <Text size="sm">{t('signup.countriesFailed')}</Text>
                    <Button
                      size="xs"
                      variant="white"
                      color="red"
                      onClick={() => void countries.refetch()}
                      loading={countries.isRefetching}
                    >
                      {tCommon('common.retry')}
                    </Button>
                  </Group>
                </Alert>
              )}
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
                <PasswordField
                  autoComplete="new-password"
                  label={t('fields.password')}
                  description={t('fields.passwordRule')}
                  inputWrapperOrder={DESCRIPTION_BELOW}
                  required
                  {...form.getInputProps('password')}
                />
                <PasswordField
                  autoComplete="new-password"
                  label={t('fields.confirmPassword')}
                  required
                  {...form.getInputProps('confirmPassword')}
                />
              </SimpleGrid>
            </Stack>
          ) : (
            <Stack gap="md" data-testid="signup-step-2">
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
                <AccountTextField form={form} field="companyName" />
                <AccountTextField form={form} field="vatNumber" />
              </SimpleGrid>
              <AccountTextField form={form} field="address" />
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
                <BillingLocationFields form={form} countries={countries.data ?? []} />
              </SimpleGrid>
            </Stack>
          )}

          <FormErrorAnnouncer messages={feedback.announcement} />

          <Group justify="space-between" gap="sm">
            {step === 1 ? (
              <Button
                component={Link}
                to="/home"
                variant="default"
                leftSection={<IconArrowLeft size={18} aria-hidden />}
              >
                {t('signup.back')}
              </Button>
            ) : (
              <Button
                type="button"
                variant="default"
                onClick={() => moveTo(1)}
                leftSection={<IconArrowLeft size={18} aria-hidden />}
              >
                {t('signup.back')}
              </Button>
            )}
            {step === 1 ? (
              <Button
                type="submit"
                rightSection={<IconArrowRight size={18} aria-hidden />}
                loading={checkEmail.isPending}
              >
                {t('signup.next')}
              </Button>
            ) : (
              <Button
                type="submit"
                leftSection={<IconUserPlus size={18} aria-hidden />}
                onPointerEnter={agreementDialog.preload}
                onFocus={agreementDialog.preload}
              >
                {t('signup.register')}
              </Button>
            )}
          </Group>
        </Stack>
      </form>
      <agreementDialog.Dialog
        opened={isAgreementOpen}
        onClose={() => setIsAgreementOpen(false)}
        fullName={collapseSpaces(`${form.values.firstName} ${form.values.lastName}`)}
        isPending={addUser.isPending}
        onProceed={handleProceed}
      />
    </AuthCard>
  );
}

import { useState } from 'react';
import {
  Accordion,
  Button,
  Group,
  NativeSelect,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQueryClient } from '@tanstack/react-query';
import { IconBuilding, IconDeviceFloppy, IconUser } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { TUserDetails } from '@cloud-portal/contract/accounts/profile';
import type { TCountry } from '@cloud-portal/contract/company/get-country-code';
import { accountMessages, keystrokeFilters } from '@cloud-portal/contract/validation/account-rules';
import { validateEmail } from '@cloud-portal/contract/validation/email';
import { FormErrorAnnouncer } from '@/components/form-error-announcer';
import { showErrorToast, showSuccessToast } from '@/lib/notify';
import { SESSION_QUERY_KEY } from '@/lib/session';
import { USER_PROFILE_QUERY_KEY } from '../api/get-user-profile-info';
import { useUpdateUserProfile } from '../api/update-user-profile';
import { requireText, validateMobileNumber } from './account-field-rules';
import { findCountryByCode, findCountryByIso, toCountryCodeOptions } from './country-options';
import { DESCRIPTION_BELOW } from './description-below';
import { BillingLocationFields } from './billing-location-fields';
import { getFilteredInputProps } from './filtered-input';
import { useAccountFormFeedback } from './use-account-form-feedback';
import { useAccountMessages } from './use-account-messages';

const PERSONAL_FIELDS = ['firstName', 'lastName', 'emailID', 'countryIso', 'contactNo'] as const;
const BILLING_FIELDS = [
  'companyName',
  'vatNumber',
  'address',
  'region',
  'city',
  'state',
  'postCode',
] as const;
const FEEDBACK_OPTIONS = {
  fieldNames: { countryCode: 'countryIso' },
  fieldOrder: [...PERSONAL_FIELDS, ...BILLING_FIELDS],
};

type Section = 'personal' | 'billing';

type Props = { details: TUserDetails; countries: TCountry[] };

function toFormValues(details: TUserDetails, countries: TCountry[]) {
  return {
    firstName: details.firstName,
    lastName: details.lastName,
    emailID: details.emailID,
    countryIso: findCountryByCode(countries, details.countryCode)?.isoCode ?? '',
    contactNo: details.contactNo,
    companyName: details.companyName,
    vatNumber: details.customerVatNumber,
    address: details.address,
    region: details.region,
    city: details.city,
    state: details.state,
    postCode: details.postalCode,
  };
}

/**
 * vm-lifecycle.md §2.7 and §5: Personal Information (the email shown disabled) and Billing
 * Address in two collapsible sections. Save stays disabled until a field changes; a failed check
 * opens the section that holds the first invalid field and focuses it.
 */
export function ProfileDetailsForm({ details, countries }: Props) {
  const { t } = useTranslation('accounts');
  const queryClient = useQueryClient();
  const updateProfile = useUpdateUserProfile();
  const { translateMessage, translateError, translateProblem } = useAccountMessages();
  const [openSections, setOpenSections] = useState<string[]>(['personal', 'billing']);

  const form = useForm({
    initialValues: toFormValues(details, countries),
    validate: {
      firstName: (value) => translateProblem(requireText(value, accountMessages.firstNameRequired)),
      lastName: (value) => translateProblem(requireText(value, accountMessages.lastNameRequired)),
      emailID: (value) => translateProblem(validateEmail(value)),
      countryIso: (value) =>
        translateProblem(value === '' ? accountMessages.countryCodeRequired : null),
      contactNo: (value, values) =>
        translateProblem(
          validateMobileNumber(value, findCountryByIso(countries, values.countryIso)),
        ),
      address: (value) =>
        translateProblem(requireText(value, accountMessages.streetAddressRequired)),
      region: (value) => translateProblem(requireText(value, accountMessages.countryRequired)),
      city: (value) => translateProblem(requireText(value, accountMessages.cityRequired)),
      state: (value) => translateProblem(requireText(value, accountMessages.stateRequired)),
      postCode: (value) => translateProblem(requireText(value, accountMessages.postcodeRequired)),
    },
  });
  const feedback = useAccountFormFeedback(form, FEEDBACK_OPTIONS);
  const country = findCountryByIso(countries, form.values.countryIso);

  /** Opens the sections that hold errors, then focuses the first invalid field. */
  const showErrors = (errors: Record<string, unknown>) => {
    const fields = Object.keys(errors).filter((field) => Boolean(errors[field]));
    const sections = new Set<Section>(openSections as Section[]);
    if (fields.some((field) => (PERSONAL_FIELDS as readonly string[]).includes(field))) {
      sections.add('personal');
    }
    if (fields.some((field) => (BILLING_FIELDS as readonly string[]).includes(field))) {
      sections.add('billing');
    }
    setOpenSections([...sections]);
    feedback.reportErrors(errors);
  };

  const handleSubmit = form.onSubmit((values) => {
    feedback.clearAnnouncement();
    const chosen = findCountryByIso(countries, values.countryIso);
    updateProfile.mutate(
      {
        firstName: values.firstName,
        lastName: values.lastName,
        emailID: values.emailID,
        countryCode: chosen?.countryCode ?? '',
        contactNo: values.contactNo,
        companyName: values.companyName,
        vatNumber: values.vatNumber,
        address: values.address,
        region: values.region,
        city: values.city,
        state: values.state,
        postCode: values.postCode,
      },
      {
        onSuccess: (message) => {
          showSuccessToast({ message: translateMessage(message) });
          form.setInitialValues(values);
          form.resetDirty(values);
          void queryClient.invalidateQueries({ queryKey: USER_PROFILE_QUERY_KEY });
          // The header shows the name.
          void queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY });
        },
        onError: (error) => {
          showErrorToast({ message: translateError(error) });
          const fieldErrors = feedback.readServerFieldErrors(error);
          if (Object.keys(fieldErrors).length > 0) {
            form.setErrors(fieldErrors);
            showErrors(fieldErrors);
          }
        },
      },
    );
  }, showErrors);

  const isDirty = form.isDirty();

  return (
    <form
      onSubmit={handleSubmit}
      noValidate
      aria-label={t('profile.detailsTitle')}
      data-testid="profile-form"
    >
      <Stack gap="md">
        <Accordion
          multiple
          value={openSections}
          onChange={setOpenSections}
          variant="separated"
          radius="lg"
          chevronPosition="right"
        >
          <Accordion.Item value="personal" data-testid="profile-section-personal">
            <Accordion.Control icon={<IconUser size={20} aria-hidden />}>
              <Text fw={600}>{t('profile.personalInformation')}</Text>
            </Accordion.Control>
            <Accordion.Panel>
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" pt="xs">
                <TextInput
                  autoComplete="given-name"
                  label={t('fields.firstName')}
                  required
                  maxLength={60}
                  {...getFilteredInputProps(form, 'firstName', keystrokeFilters.name)}
                />
                <TextInput
                  autoComplete="family-name"
                  label={t('fields.lastName')}
                  required
                  maxLength={60}
                  {...getFilteredInputProps(form, 'lastName', keystrokeFilters.name)}
                />
                <TextInput
                  type="email"
                  label={t('fields.email')}
                  description={t('profile.emailFixed')}
                  inputWrapperOrder={DESCRIPTION_BELOW}
                  disabled
                  {...form.getInputProps('emailID')}
                />
                <NativeSelect
                  label={t('fields.countryCode')}
                  required
                  data={[
                    { value: '', label: t('fields.chooseCountryCode') },
                    ...toCountryCodeOptions(countries),
                  ]}
                  {...form.getInputProps('countryIso')}
                />
                <TextInput
                  type="tel"
                  inputMode="numeric"
                  autoComplete="tel-national"
                  label={t('fields.mobile')}
                  inputWrapperOrder={DESCRIPTION_BELOW}
                  description={
                    country === null
                      ? undefined
                      : country.mobileNoMinLength === country.mobileNoMaxLength
                        ? t('fields.mobileHintExact', { count: country.mobileNoMaxLength })
                        : t('fields.mobileHintRange', {
                            min: country.mobileNoMinLength,
                            max: country.mobileNoMaxLength,
                          })
                  }
                  maxLength={country?.mobileNoMaxLength ?? 15}
                  required
                  {...getFilteredInputProps(form, 'contactNo', keystrokeFilters.digits)}
                />
              </SimpleGrid>
            </Accordion.Panel>
          </Accordion.Item>
          <Accordion.Item value="billing" data-testid="profile-section-billing">
            <Accordion.Control icon={<IconBuilding size={20} aria-hidden />}>
              <Text fw={600}>{t('profile.billingAddress')}</Text>
            </Accordion.Control>
            <Accordion.Panel>
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" pt="xs">
                <TextInput
                  autoComplete="organization"
                  label={t('fields.companyName')}
                  description={t('fields.optional')}
                  inputWrapperOrder={DESCRIPTION_BELOW}
                  maxLength={120}
                  {...form.getInputProps('companyName')}
                />
                <TextInput
                  label={t('fields.vatNumber')}
                  maxLength={40}
                  {...form.getInputProps('vatNumber')}
                />
                <TextInput
                  autoComplete="street-address"
                  label={t('fields.streetAddress')}
                  required
                  maxLength={200}
                  {...form.getInputProps('address')}
                />
                <BillingLocationFields form={form} countries={countries} />
              </SimpleGrid>
            </Accordion.Panel>
          </Accordion.Item>
        </Accordion>
        <FormErrorAnnouncer messages={feedback.announcement} />
        <Group justify="flex-end" gap="sm">
          {isDirty && (
            <Button
              variant="default"
              onClick={() => form.reset()}
              disabled={updateProfile.isPending}
            >
              {t('profile.discard')}
            </Button>
          )}
          <Button
            type="submit"
            leftSection={<IconDeviceFloppy size={18} aria-hidden />}
            loading={updateProfile.isPending}
            disabled={!isDirty || updateProfile.isPending}
          >
            {t('profile.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

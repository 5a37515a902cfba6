import { useState, type ReactNode } from 'react';
import { Accordion, Button, Group, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQueryClient } from '@tanstack/react-query';
import { IconBuilding, IconDeviceFloppy, IconUser } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { TUserDetails } from '@cloud-portal/contract/accounts/profile';
import type { TCountry } from '@cloud-portal/contract/company/get-country-code';
import { validateEmail } from '@cloud-portal/contract/validation/email';
import { FormErrorAnnouncer } from '@/components/form-error-announcer';
import { readOnlyInputProps } from '@/components/read-only-input';
import { showErrorToast, showSuccessToast } from '@/lib/notify';
import { SESSION_QUERY_KEY } from '@/lib/session';
import { useFormFeedback } from '@/lib/use-form-feedback';
import { USER_PROFILE_QUERY_KEY } from '@/lib/user-profile-info';
import { useUpdateUserProfile } from '../api/update-user-profile';
import {
  BILLING_FIELDS,
  DETAILS_FIELD_NAMES,
  PERSONAL_FIELDS,
  toDetailsRequest,
  type DetailsValues,
} from './account-details';
import { AccountTextField } from './account-text-field';
import { BillingLocationFields } from './billing-location-fields';
import { CountryCodeSelect } from './country-code-select';
import { findCountryByCode, findCountryByIso } from './country-options';
import { DESCRIPTION_BELOW } from './description-below';
import { detailsRules } from './details-rules';
import { MobileNumberField } from './mobile-number-field';
import { useAccountMessages } from '@/lib/use-account-messages';

const FEEDBACK_OPTIONS = {
  fieldNames: DETAILS_FIELD_NAMES,
  fieldOrder: [...PERSONAL_FIELDS, ...BILLING_FIELDS],
};

type Section = 'personal' | 'billing';

type Props = {
  details: TUserDetails;
  countries: TCountry[];
  /** Both sections start closed (the profile opened to show the machine list). */
  isCollapsed?: boolean;
};

function toFormValues(details: TUserDetails, countries: TCountry[]): DetailsValues {
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
 * vm-lifecycle.md §2.7 and §5: Personal Information (the email shown read-only) and Billing
 * Address in two collapsible sections. Save stays disabled until a field changes; a failed check
 * opens the section that holds the first invalid field and focuses it.
 */
export function ProfileDetailsForm({ details, countries, isCollapsed = false }: Props) {
  const { t } = useTranslation('accounts');
  const queryClient = useQueryClient();
  const updateProfile = useUpdateUserProfile();
  const { translateMessage, translateError, translateProblem } = useAccountMessages();
  const [openSections, setOpenSections] = useState<string[]>(
    isCollapsed ? [] : ['personal', 'billing'],
  );

  const form = useForm({
    initialValues: toFormValues(details, countries),
    validate: {
      ...detailsRules(countries, translateProblem),
      emailID: (value) => translateProblem(validateEmail(value)),
    },
  });
  const feedback = useFormFeedback(form, translateMessage, FEEDBACK_OPTIONS);
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
    updateProfile.mutate(toDetailsRequest(values, countries), {
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
        feedback.showServerFieldErrors(error, showErrors);
      },
    });
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
          <ProfileSection
            value="personal"
            icon={<IconUser size={20} aria-hidden />}
            title={t('profile.personalInformation')}
          >
            <AccountTextField form={form} field="firstName" />
            <AccountTextField form={form} field="lastName" />
            <TextInput
              type="email"
              label={t('fields.email')}
              description={t('profile.emailFixed')}
              inputWrapperOrder={DESCRIPTION_BELOW}
              {...form.getInputProps('emailID')}
              {...readOnlyInputProps}
            />
            <CountryCodeSelect countries={countries} {...form.getInputProps('countryIso')} />
            <MobileNumberField form={form} country={country} />
          </ProfileSection>
          <ProfileSection
            value="billing"
            icon={<IconBuilding size={20} aria-hidden />}
            title={t('profile.billingAddress')}
          >
            <AccountTextField form={form} field="companyName" />
            <AccountTextField form={form} field="vatNumber" />
            <AccountTextField form={form} field="address" />
            <BillingLocationFields form={form} countries={countries} />
          </ProfileSection>
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

type SectionProps = { value: Section; icon: ReactNode; title: string; children: ReactNode };

/** One of the form's collapsible sections, its fields two to a row. */
function ProfileSection({ value, icon, title, children }: SectionProps) {
  return (
    <Accordion.Item value={value} data-testid={`profile-section-${value}`}>
      <Accordion.Control icon={icon}>
        <Text fw={600}>{title}</Text>
      </Accordion.Control>
      <Accordion.Panel>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" pt="xs">
          {children}
        </SimpleGrid>
      </Accordion.Panel>
    </Accordion.Item>
  );
}

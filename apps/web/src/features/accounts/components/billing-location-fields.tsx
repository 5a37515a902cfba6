import { useMemo } from 'react';
import { NativeSelect } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import type { TCountry } from '@cloud-portal/contract/company/get-country-code';
import { AccountTextField } from './account-text-field';
import { toCountryNameOptions } from './country-options';

type LocationValues = { region: string; city: string; state: string; postCode: string };

/**
 * Country, city, province/state and postcode with their keystroke filters: the part of the
 * billing address that sign-up and the profile share. The caller lays them out.
 */
export function BillingLocationFields<Values extends LocationValues & Record<string, unknown>>({
  form,
  countries,
}: {
  form: UseFormReturnType<Values>;
  countries: readonly TCountry[];
}) {
  const { t, i18n } = useTranslation('accounts');
  const countryOptions = useMemo(
    () => toCountryNameOptions(countries, i18n.language),
    [countries, i18n.language],
  );
  return (
    <>
      <NativeSelect
        autoComplete="country-name"
        label={t('fields.country')}
        required
        data={[{ value: '', label: t('fields.chooseCountry') }, ...countryOptions]}
        {...form.getInputProps('region')}
      />
      <AccountTextField form={form} field="city" />
      <AccountTextField form={form} field="state" />
      <AccountTextField form={form} field="postCode" />
    </>
  );
}

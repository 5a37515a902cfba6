import { NativeSelect, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { keystrokeFilters } from '@cloud-portal/contract/validation/account-rules';
import type { TCountry } from '@cloud-portal/contract/company/get-country-code';
import { toCountryNameOptions } from './country-options';
import { DESCRIPTION_BELOW } from './description-below';
import { getFilteredInputProps } from './filtered-input';

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
  const { t } = useTranslation('accounts');
  return (
    <>
      <NativeSelect
        autoComplete="country-name"
        label={t('fields.country')}
        required
        data={[{ value: '', label: t('fields.chooseCountry') }, ...toCountryNameOptions(countries)]}
        {...form.getInputProps('region')}
      />
      <TextInput
        autoComplete="address-level2"
        label={t('fields.city')}
        required
        maxLength={80}
        {...getFilteredInputProps(form, 'city', keystrokeFilters.name)}
      />
      <TextInput
        autoComplete="address-level1"
        label={t('fields.state')}
        required
        maxLength={80}
        {...getFilteredInputProps(form, 'state', keystrokeFilters.name)}
      />
      <TextInput
        autoComplete="postal-code"
        label={t('fields.postcode')}
        description={t('fields.postcodeHint')}
        inputWrapperOrder={DESCRIPTION_BELOW}
        required
        maxLength={12}
        {...getFilteredInputProps(form, 'postCode', keystrokeFilters.postcode)}
      />
    </>
  );
}

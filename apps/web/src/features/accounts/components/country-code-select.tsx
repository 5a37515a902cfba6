import { useMemo } from 'react';
import { NativeSelect, type NativeSelectProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TCountry } from '@cloud-portal/contract/company/get-country-code';
import { toCountryCodeOptions } from './country-options';

type Props = Omit<NativeSelectProps, 'data'> & { countries: readonly TCountry[] };

/** The dialling code, chosen by country ('+27 South Africa'). */
export function CountryCodeSelect({ countries, ...props }: Props) {
  const { t, i18n } = useTranslation('accounts');
  const options = useMemo(
    () => toCountryCodeOptions(countries, i18n.language),
    [countries, i18n.language],
  );
  return (
    <NativeSelect
      label={t('fields.countryCode')}
      required
      data={[{ value: '', label: t('fields.chooseCountryCode') }, ...options]}
      {...props}
    />
  );
}

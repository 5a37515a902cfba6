import { TextInput, type TextInputProps } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import type { TCountry } from '@cloud-portal/contract/company/get-country-code';
import { keystrokeFilters } from '@cloud-portal/contract/validation/account-rules';
import { DESCRIPTION_BELOW } from './description-below';
import { getFilteredInputProps } from './filtered-input';

type Props<Values extends { contactNo: string } & Record<string, unknown>> = Omit<
  TextInputProps,
  'form'
> & {
  form: UseFormReturnType<Values>;
  /** The chosen country, whose digit count the hint and the length limit follow. */
  country: TCountry | null;
};

/** The mobile number: digits only, as many as the chosen country's numbers have after its code. */
export function MobileNumberField<Values extends { contactNo: string } & Record<string, unknown>>({
  form,
  country,
  ...props
}: Props<Values>) {
  const { t } = useTranslation('accounts');
  return (
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
            ? t('fields.mobileHintExact', {
                count: country.mobileNoMaxLength,
                dialCode: country.countryCode,
              })
            : t('fields.mobileHintRange', {
                min: country.mobileNoMinLength,
                max: country.mobileNoMaxLength,
                dialCode: country.countryCode,
              })
      }
      maxLength={country?.mobileNoMaxLength ?? 15}
      required
      {...props}
      {...getFilteredInputProps(form, 'contactNo', keystrokeFilters.digits)}
    />
  );
}

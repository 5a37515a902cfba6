import { TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { keystrokeFilters } from '@cloud-portal/contract/validation/account-rules';
import type accountTexts from '@/i18n/accounts/en.json';
import { DESCRIPTION_BELOW } from './description-below';
import { getFilteredInputProps } from './filtered-input';

type FieldText = keyof (typeof accountTexts)['fields'];

type FieldSpec = {
  label: FieldText;
  /** A hint shown under the input. */
  description?: FieldText;
  autoComplete?: string;
  required?: boolean;
  maxLength: number;
  /** The keystroke filter: what it drops never reaches the field. */
  filter?: (value: string) => string;
};

type AccountTextFieldName =
  | 'firstName'
  | 'lastName'
  | 'companyName'
  | 'vatNumber'
  | 'address'
  | 'city'
  | 'state'
  | 'postCode';

/** The free-text fields of sign-up and the profile (portal.md §5, vm-lifecycle.md §5). */
const FIELDS: Record<AccountTextFieldName, FieldSpec> = {
  firstName: {
    label: 'firstName',
    autoComplete: 'given-name',
    required: true,
    maxLength: 60,
    filter: keystrokeFilters.name,
  },
  lastName: {
    label: 'lastName',
    autoComplete: 'family-name',
    required: true,
    maxLength: 60,
    filter: keystrokeFilters.name,
  },
  companyName: {
    label: 'companyName',
    description: 'optional',
    autoComplete: 'organization',
    maxLength: 120,
  },
  vatNumber: { label: 'vatNumber', maxLength: 40 },
  address: {
    label: 'streetAddress',
    autoComplete: 'street-address',
    required: true,
    maxLength: 200,
  },
  city: {
    label: 'city',
    autoComplete: 'address-level2',
    required: true,
    maxLength: 80,
    filter: keystrokeFilters.name,
  },
  state: {
    label: 'state',
    autoComplete: 'address-level1',
    required: true,
    maxLength: 80,
    filter: keystrokeFilters.name,
  },
  postCode: {
    label: 'postcode',
    description: 'postcodeHint',
    autoComplete: 'postal-code',
    required: true,
    maxLength: 12,
    filter: keystrokeFilters.postcode,
  },
};

type Props<Values extends Record<string, unknown>> = {
  form: UseFormReturnType<Values>;
  field: AccountTextFieldName & keyof Values;
};

/** One of the account forms' text fields, with its label, limit and keystroke filter. */
export function AccountTextField<Values extends Record<string, unknown>>({
  form,
  field,
}: Props<Values>) {
  const { t } = useTranslation('accounts');
  const { label, description, filter, ...attributes } = FIELDS[field];
  return (
    <TextInput
      label={t(`fields.${label}`)}
      description={description && t(`fields.${description}`)}
      inputWrapperOrder={description && DESCRIPTION_BELOW}
      {...attributes}
      {...(filter ? getFilteredInputProps(form, field, filter) : form.getInputProps(field))}
    />
  );
}

import type { ChangeEvent } from 'react';
import type { UseFormReturnType } from '@mantine/form';

/**
 * A text field's props from a form, with one of the contract's keystroke filters (portal.md §5,
 * vm-lifecycle.md §5): what the filter drops never reaches the field, typed or pasted.
 */
export function getFilteredInputProps<Values extends Record<string, unknown>>(
  form: UseFormReturnType<Values>,
  field: keyof Values & string,
  filter: (value: string) => string,
) {
  const props = form.getInputProps(field);
  return {
    ...props,
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      form.setFieldValue(
        field,
        filter(event.currentTarget.value) as Parameters<typeof form.setFieldValue>[1],
      );
    },
  };
}

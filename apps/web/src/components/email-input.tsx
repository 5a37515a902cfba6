import { TextInput, type TextInputProps } from '@mantine/core';

/** A required email address, with the phone's email keyboard and the browser's autofill. */
export function EmailInput(props: TextInputProps) {
  return <TextInput type="email" autoComplete="email" inputMode="email" required {...props} />;
}

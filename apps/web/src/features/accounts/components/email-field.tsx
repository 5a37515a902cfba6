import { TextInput, type TextInputProps } from '@mantine/core';
import { IconMail } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** The email address of the login, sign-up and recovery forms. */
export function EmailField(props: TextInputProps) {
  const { t } = useTranslation('accounts');
  return (
    <TextInput
      type="email"
      autoComplete="email"
      inputMode="email"
      label={t('fields.email')}
      placeholder={t('fields.emailPlaceholder')}
      leftSection={<IconMail size={16} aria-hidden />}
      required
      {...props}
    />
  );
}

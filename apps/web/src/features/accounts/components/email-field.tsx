import type { TextInputProps } from '@mantine/core';
import { IconMail } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { EmailInput } from '@/components/email-input';

/** The email address of the login, sign-up and recovery forms. */
export function EmailField(props: TextInputProps) {
  const { t } = useTranslation('accounts');
  return (
    <EmailInput
      label={t('fields.email')}
      placeholder={t('fields.emailPlaceholder')}
      leftSection={<IconMail size={16} aria-hidden />}
      {...props}
    />
  );
}

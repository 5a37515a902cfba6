import { PasswordInput, type PasswordInputProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PASSWORD_MAX_LENGTH } from '@cloud-portal/contract/validation/account-rules';

/**
 * A password with the spec's show/hide toggle (portal.md §2), reachable by keyboard and named
 * for screen readers; 16 characters at most (§5).
 */
export function PasswordField(props: PasswordInputProps) {
  const { t } = useTranslation('accounts');
  return (
    <PasswordInput
      maxLength={PASSWORD_MAX_LENGTH}
      visibilityToggleFocusable
      visibilityToggleButtonProps={{ 'aria-label': t('fields.showPassword') }}
      {...props}
    />
  );
}

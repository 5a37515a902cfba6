import { Link } from 'react-router';
import { Anchor } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/**
 * The email field's error when the address already has an account (checkEmail's or adduser's
 * 409): their message, then the two ways on, Log In and Forgot Password. Worded at render, so
 * it follows a change of language.
 */
export function EmailTakenMessage() {
  const { t } = useTranslation('accounts');
  return (
    <span data-testid="email-taken">
      {t('messages.emailTaken')}{' '}
      <Anchor component={Link} to="/customerlogin" inherit fw={700} underline="always">
        {t('signup.logIn')}
      </Anchor>
      {' · '}
      <Anchor component={Link} to="/forgetpassword" inherit fw={700} underline="always">
        {t('login.forgotPassword')}
      </Anchor>
    </span>
  );
}

import { Navigate, Outlet, useLocation } from 'react-router';
import { Center, Loader } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { toLoginLinkState } from '@/lib/login-redirect';
import { useSession } from '@/lib/session';

/**
 * The customer's pages (vm-lifecycle.md §2): a visitor goes to /customerlogin, which remembers
 * the page so that login returns there.
 */
export function RequireSession() {
  const { user, isPending } = useSession();
  const { pathname, search } = useLocation();
  if (isPending) return <SessionCheck />;
  if (user === null) {
    return <Navigate to="/customerlogin" replace state={toLoginLinkState(pathname, search)} />;
  }
  return <Outlet />;
}

/**
 * Login, sign-up and the forgotten-password form are for visitors: a signed-in customer opening
 * one goes home instead.
 */
export function GuestOnly() {
  const { user, isPending } = useSession();
  if (isPending) return <SessionCheck />;
  if (user !== null) return <Navigate to="/home" replace />;
  return <Outlet />;
}

function SessionCheck() {
  const { t } = useTranslation();
  return (
    <Center py={96} aria-busy="true">
      <Loader aria-label={t('common.loading')} />
    </Center>
  );
}

import { Link, useLocation } from 'react-router';
import { Box, Burger, Button, Container } from '@mantine/core';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useDisclosure } from '@mantine/hooks';
import { useViewportQuery } from '@/lib/assumed-viewport';
import { IconLogin } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { TSessionUser } from '@cloud-portal/contract/accounts/session';
import { LanguageSwitch } from '@/components/language-switch';
import { loadNamespace } from '@/i18n/i18n';
import { useCompanyConfiguration } from '@/lib/company-configuration-context';
import { toLoginLinkState } from '@/lib/login-redirect';
import { CompanyBrand } from './company-brand';
import { DesktopNavigation } from './desktop-navigation';
import { useNavigationItems } from './use-navigation-items';
import classes from './site-header.module.css';

const MobileNavigationDrawer = lazy(() =>
  import('./mobile-navigation-drawer').then((module) => ({
    default: module.MobileNavigationDrawer,
  })),
);

/** The bell, profile and logout of a signed-in customer: a visitor never downloads them. */
const AccountHeaderActions = lazy(() =>
  Promise.all([
    import('@/features/accounts/components/account-header-actions'),
    loadNamespace('accounts'),
  ]).then(([module]) => ({ default: module.AccountHeaderActions })),
);

/** Match $header-breakpoint and $signed-in-header-breakpoint: where the desktop menus show. */
const WIDE_HEADER_QUERY = '(min-width: 56.25em)';
const SIGNED_IN_WIDE_HEADER_QUERY = '(min-width: 72em)';

type Props = {
  session: TSessionUser | null;
  /** The first answer about the session is awaited: neither Register / Log In nor the account. */
  isSessionPending: boolean;
};

/**
 * portal.md §2: logo and name, the menus, the language switch, and Register / Log In for a
 * visitor or the notification bell, profile and logout for a customer.
 */
export function SiteHeader({ session, isSessionPending }: Props) {
  const { t } = useTranslation();
  const { companyName } = useCompanyConfiguration();
  const { pathname, search } = useLocation();
  const items = useNavigationItems(session);
  const [isDrawerOpen, drawer] = useDisclosure(false);
  // The drawer's code loads on the first tap of the burger, then stays for its closing animation.
  const [hasOpenedDrawer, setHasOpenedDrawer] = useState(false);
  const isWide = useViewportQuery(session ? SIGNED_IN_WIDE_HEADER_QUERY : WIDE_HEADER_QUERY);

  const closeDrawer = drawer.close;

  useEffect(() => {
    if (isWide) closeDrawer();
  }, [isWide, closeDrawer]);

  return (
    <Box
      component="header"
      className={classes.header}
      data-signed-in={session !== null || undefined}
    >
      <Container size="xl" className={classes.inner}>
        <CompanyBrand />
        <DesktopNavigation items={items} />
        <div className={classes.actions}>
          <LanguageSwitch />
          {session !== null && (
            <Suspense fallback={null}>
              <AccountHeaderActions user={session} />
            </Suspense>
          )}
          {session === null && !isSessionPending && (
            <Button
              component={Link}
              to="/customerlogin"
              state={toLoginLinkState(pathname, search)}
              className={classes.desktopOnly}
              leftSection={<IconLogin size={18} aria-hidden />}
            >
              {t('header.registerLogin')}
            </Button>
          )}
          <Burger
            opened={isDrawerOpen}
            onClick={() => {
              setHasOpenedDrawer(true);
              drawer.toggle();
            }}
            className={classes.mobileOnly}
            aria-label={isDrawerOpen ? t('header.closeMenu') : t('header.openMenu')}
            aria-expanded={isDrawerOpen}
            size="sm"
          />
        </div>
      </Container>
      {hasOpenedDrawer && (
        <Suspense fallback={null}>
          <MobileNavigationDrawer
            opened={isDrawerOpen}
            onClose={drawer.close}
            items={items}
            session={session}
            isSessionPending={isSessionPending}
            title={companyName}
          />
        </Suspense>
      )}
    </Box>
  );
}

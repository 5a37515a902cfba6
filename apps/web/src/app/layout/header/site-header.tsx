import { Link } from 'react-router';
import { Box, Burger, Button, Container } from '@mantine/core';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { IconLogin } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { LanguageSwitch } from '@/components/language-switch';
import { useCompanyConfiguration } from '@/lib/company-configuration-context';
import { CompanyBrand } from './company-brand';
import { DesktopNavigation } from './desktop-navigation';
import type { HeaderSession } from './navigation-items';
import { useNavigationItems } from './use-navigation-items';
import classes from './site-header.module.css';

const MobileNavigationDrawer = lazy(() =>
  import('./mobile-navigation-drawer').then((module) => ({
    default: module.MobileNavigationDrawer,
  })),
);

/** Matches $header-breakpoint in site-header.module.css: the desktop menus from 900px. */
const WIDE_HEADER_QUERY = '(min-width: 56.25em)';

type Props = { session: HeaderSession };

/** portal.md §2: logo and name, the menus, the language switch and Register / Log In. */
export function SiteHeader({ session }: Props) {
  const { t } = useTranslation();
  const { companyName } = useCompanyConfiguration();
  const items = useNavigationItems(session);
  const [isDrawerOpen, drawer] = useDisclosure(false);
  // The drawer's code loads on the first tap of the burger, then stays for its closing animation.
  const [hasOpenedDrawer, setHasOpenedDrawer] = useState(false);
  const isWide = useMediaQuery(WIDE_HEADER_QUERY);

  const closeDrawer = drawer.close;

  useEffect(() => {
    if (isWide) closeDrawer();
  }, [isWide, closeDrawer]);

  return (
    <Box component="header" className={classes.header}>
      <Container size="xl" className={classes.inner}>
        <CompanyBrand />
        <DesktopNavigation items={items} />
        <div className={classes.actions}>
          <LanguageSwitch />
          {session === null && (
            <Button
              component={Link}
              to="/customerlogin"
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
            title={companyName}
          />
        </Suspense>
      )}
    </Box>
  );
}

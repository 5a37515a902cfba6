import { Link, useLocation } from 'react-router';
import { Button, Divider, Drawer, NavLink, Stack } from '@mantine/core';
import { IconExternalLink, IconLogin, IconUserCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ExternalLinkHint } from '@/components/external-link-hint';
import { toLoginLinkState } from '@/lib/login-redirect';
import type {
  HeaderSession,
  NavigationExternalLink,
  NavigationItem,
  NavigationLink,
} from './navigation-items';

type Props = {
  opened: boolean;
  onClose: () => void;
  items: NavigationItem[];
  session: HeaderSession;
  isSessionPending: boolean;
  title: string;
};

/** The header menus below 900px, in a drawer opened by the burger. */
export function MobileNavigationDrawer({
  opened,
  onClose,
  items,
  session,
  isSessionPending,
  title,
}: Props) {
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  const isActive = (to: string) => pathname.toLowerCase() === to.toLowerCase();

  const renderLeaf = (item: NavigationLink | NavigationExternalLink) =>
    item.kind === 'link' ? (
      <NavLink
        key={item.id}
        component={Link}
        to={item.to}
        label={item.label}
        active={isActive(item.to)}
        aria-current={isActive(item.to) ? 'page' : undefined}
        onClick={onClose}
      />
    ) : (
      <NavLink
        key={item.id}
        component="a"
        href={item.href}
        target="_blank"
        rel="noopener noreferrer"
        label={
          <>
            {item.label}
            <ExternalLinkHint />
          </>
        }
        rightSection={<IconExternalLink size={14} aria-hidden />}
        onClick={onClose}
      />
    );

  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position="right"
      size="min(320px, 88vw)"
      title={title}
      closeButtonProps={{ 'aria-label': t('header.closeMenu') }}
    >
      <nav aria-label={t('header.mainNavigation')}>
        <Stack gap={2}>
          {items.map((item) =>
            item.kind === 'menu' ? (
              <NavLink key={item.id} label={item.label} defaultOpened childrenOffset="md">
                {item.items.map(renderLeaf)}
              </NavLink>
            ) : (
              renderLeaf(item)
            ),
          )}
        </Stack>
      </nav>
      {session !== null && (
        <>
          <Divider my="md" />
          <Button
            component={Link}
            to="/customerprofile/2"
            variant="light"
            fullWidth
            leftSection={<IconUserCircle size={18} aria-hidden />}
            onClick={onClose}
          >
            {t('header.myProfile')}
          </Button>
        </>
      )}
      {session === null && !isSessionPending && (
        <>
          <Divider my="md" />
          <Button
            component={Link}
            to="/customerlogin"
            state={toLoginLinkState(pathname, search)}
            fullWidth
            leftSection={<IconLogin size={18} aria-hidden />}
            onClick={onClose}
          >
            {t('header.registerLogin')}
          </Button>
        </>
      )}
    </Drawer>
  );
}

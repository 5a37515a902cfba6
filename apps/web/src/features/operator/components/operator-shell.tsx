import { createContext, use, useEffect, useState, type ReactNode } from 'react';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import {
  Alert,
  AppShell,
  Box,
  Burger,
  Button,
  Center,
  Group,
  Loader,
  NativeSelect,
  Stack,
  Text,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { IconClockOff, IconLogout } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { TStaffMe } from '@cloud-portal/contract/operator/auth';
import { isPermission, type Permission } from '@cloud-portal/contract/operator/permissions';
import { OPERATOR_LOGIN_PATH } from '@cloud-portal/contract/operator/staff-session';
import { LanguageSwitch } from '@/components/language-switch';
import { showErrorToast } from '@/lib/notify';
import { onOperatorSessionEnded } from '@/lib/operator-api';
import { ConsoleMemberContext } from '@/lib/operator-member';
import {
  forgetOperatorSession,
  hasOperatorSession,
  operatorSessionQueryOptions,
  useOperatorLogout,
  useSwitchCompany,
} from '../api/session';
import { useOperatorMessages } from './operator-messages';
import { navItemsFor, type NavItem } from './nav-items';
import classes from './operator-shell.module.css';

/** The signed-in member, with their keys as the contract's permissions. */
export type OperatorMember = Omit<TStaffMe, 'permissions'> & {
  permissions: Permission[];
  companyName: string;
  /** The console's pages this member may open. */
  pages: NavItem[];
};

function toMember(me: TStaffMe, given: readonly string[]): OperatorMember {
  const current = me.memberships.find((membership) => membership.companyId === me.currentCompanyId);
  const permissions = me.permissions.filter(isPermission);
  return {
    ...me,
    permissions,
    companyName: current?.companyName ?? '',
    pages: navItemsFor(permissions, given),
  };
}

const MemberContext = createContext<OperatorMember | null>(null);

/** The signed-in member, for the console's pages (inside the shell). */
export function useOperatorMember(): OperatorMember {
  const member = use(MemberContext);
  if (!member) throw new Error('useOperatorMember is used outside the operator shell.');
  return member;
}

/**
 * /operator: the console's frame for a signed-in member. Navigation lists only the pages the
 * member's role opens; the header switches company (when there is more than one), names the
 * member and signs out. A session that ends (idle, its 12 h, or elsewhere) says so and leads
 * back to sign in.
 */
export function OperatorShell({
  givenPages,
  children,
}: {
  /** The address segments of the pages other features give the console. */
  givenPages: readonly string[];
  children: ReactNode;
}) {
  const { t } = useTranslation('operator');
  const location = useLocation();
  const queryClient = useQueryClient();
  const session = useQuery(operatorSessionQueryOptions());
  const [expired, setExpired] = useState(false);

  useEffect(
    () =>
      onOperatorSessionEnded(() => {
        // A visitor who never signed in is sent to sign in; a member whose session ran out is told.
        if (hasOperatorSession(queryClient)) setExpired(true);
        forgetOperatorSession(queryClient);
      }),
    [queryClient],
  );

  if (expired) {
    return <SessionExpired />;
  }
  if (session.isPending) {
    return (
      <Center mih="100dvh">
        <Loader aria-label={t('loading')} />
      </Center>
    );
  }
  if (session.isError) {
    return (
      <Center mih="100dvh" p="md">
        <Alert color="red" role="alert" title={t('errors.unreachable')}>
          <Button mt="sm" variant="light" onClick={() => void session.refetch()}>
            {t('retry')}
          </Button>
        </Alert>
      </Center>
    );
  }
  if (session.data === null) {
    return <Navigate to={OPERATOR_LOGIN_PATH} replace state={{ from: location.pathname }} />;
  }
  return <ShellFrame session={toMember(session.data, givenPages)}>{children}</ShellFrame>;
}

function ShellFrame({ session, children }: { session: OperatorMember; children: ReactNode }) {
  const { t } = useTranslation('operator');
  const [opened, { toggle, close }] = useDisclosure(false);
  const location = useLocation();
  useEffect(close, [location.pathname, close]);

  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{ width: 220, breakpoint: 'sm', collapsed: { mobile: !opened } }}
      padding={{ base: 'sm', sm: 'lg' }}
    >
      <a href="#main-content" className={classes.skipLink}>
        {t('skipToContent')}
      </a>
      <AppShell.Header>
        <Group h="100%" px="sm" justify="space-between" wrap="nowrap" gap="xs">
          <Group gap="xs" wrap="nowrap" miw={0}>
            <Burger
              opened={opened}
              onClick={toggle}
              hiddenFrom="sm"
              size="sm"
              aria-label={t('nav.toggle')}
              aria-expanded={opened}
              aria-controls="operator-navigation"
            />
            <Text fw={700} truncate component={Link} to="/operator">
              {t('consoleName')}
            </Text>
          </Group>
          <Group gap="xs" wrap="nowrap">
            <Box visibleFrom="sm">
              <CompanySwitcher session={session} />
            </Box>
            <LanguageSwitch />
            <SignOutButton />
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="sm" id="operator-navigation" aria-label={t('nav.label')}>
        <Box hiddenFrom="sm" mb="sm">
          <CompanySwitcher session={session} />
        </Box>
        <Stack gap={4}>
          {session.pages.map((item) => (
            <UnstyledButton
              key={item.key}
              component={Link}
              to={item.to}
              aria-current={isCurrent(item.to, location.pathname) ? 'page' : undefined}
              className={classes.navLink}
            >
              {t(`nav.${item.key}`)}
            </UnstyledButton>
          ))}
        </Stack>
        <Text size="sm" c="dimmed" mt="auto" pt="md" data-testid="operator-member">
          {t('signedInAs', { name: session.staff.name, role: t(`roles.${session.role}`) })}
        </Text>
      </AppShell.Navbar>
      <AppShell.Main id="main-content" tabIndex={-1}>
        <MemberContext value={session}>
          <ConsoleMemberContext value={session}>{children}</ConsoleMemberContext>
        </MemberContext>
      </AppShell.Main>
    </AppShell>
  );
}

/** The navigation's entry for the page shown (the overview only on /operator itself). */
function isCurrent(to: string, pathname: string): boolean {
  const path = pathname.toLowerCase().replace(/\/+$/, '');
  return to === '/operator' ? path === to : path === to || path.startsWith(`${to}/`);
}

function CompanySwitcher({ session }: { session: OperatorMember }) {
  const { t } = useTranslation('operator');
  const switchCompany = useSwitchCompany();
  const { errorText } = useOperatorMessages();
  if (session.memberships.length < 2) {
    return (
      <Text size="sm" fw={600} truncate maw={200}>
        {session.companyName}
      </Text>
    );
  }
  return (
    <NativeSelect
      aria-label={t('switchCompany')}
      size="xs"
      value={String(session.currentCompanyId)}
      disabled={switchCompany.isPending}
      data={session.memberships.map((membership) => ({
        value: String(membership.companyId),
        label: membership.companyName,
      }))}
      onChange={(event) =>
        switchCompany.mutate(Number(event.currentTarget.value), {
          onError: (error) => showErrorToast({ message: errorText(error) }),
        })
      }
    />
  );
}

function SignOutButton() {
  const { t } = useTranslation('operator');
  const logout = useOperatorLogout();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  // Signed out either way: a failed call leaves a session the server ends on its own.
  const leave = async () => {
    await navigate(OPERATOR_LOGIN_PATH, { replace: true });
    forgetOperatorSession(queryClient);
  };
  return (
    <Button
      variant="subtle"
      size="xs"
      leftSection={<IconLogout size={16} aria-hidden />}
      loading={logout.isPending}
      onClick={() => logout.mutate(undefined, { onSettled: () => void leave() })}
    >
      {t('signOut')}
    </Button>
  );
}

function SessionExpired() {
  const { t } = useTranslation('operator');
  return (
    <Center mih="100dvh" p="md" component="main" id="main-content">
      <Stack maw={420} align="center" ta="center" data-testid="operator-session-expired">
        <IconClockOff size={40} aria-hidden />
        <Title order={1} fz={24}>
          {t('expired.title')}
        </Title>
        <Text c="dimmed">{t('expired.body')}</Text>
        <Button component={Link} to={OPERATOR_LOGIN_PATH} replace>
          {t('expired.signIn')}
        </Button>
      </Stack>
    </Center>
  );
}

/** A console page for members with `permission`; the rest are told they may not open it. */
export function RequirePermission({
  permission,
  children,
}: {
  permission: Permission;
  children: ReactNode;
}) {
  const { t } = useTranslation('operator');
  const member = useOperatorMember();
  if (!member.permissions.includes(permission)) {
    return (
      <Alert color="red" role="alert" title={t('forbidden.title')} data-testid="operator-forbidden">
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{t('forbidden.body')}</Text>
          <Button component={Link} to="/operator" variant="light" size="xs">
            {t('forbidden.back')}
          </Button>
        </Stack>
      </Alert>
    );
  }
  return children;
}

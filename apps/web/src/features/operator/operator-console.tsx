import { lazy, Suspense, type ComponentType } from 'react';
import { useLocation } from 'react-router';
import { Center, Loader } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { consolePageOf, type ConsolePage } from './components/console-paths';

/** Each page is a chunk of its own: signing in does not download the shell or the audit log. */
function page<TModule>(load: () => Promise<TModule>, pick: (module: TModule) => ComponentType) {
  return lazy(() => load().then((module) => ({ default: pick(module) })));
}

const LoginPage = page(
  () => import('./pages/operator-login-page'),
  (module) => module.OperatorLoginPage,
);
const EnrolPage = lazy(() =>
  import('./pages/operator-enrol-page').then((module) => ({ default: module.OperatorEnrolPage })),
);
const Shell = lazy(() =>
  import('./components/operator-shell').then((module) => ({ default: module.OperatorShell })),
);

/** The shell's pages, by the name console-paths.ts gives them. */
const SHELL_PAGES: Record<
  Exclude<ConsolePage['name'], 'login' | 'enrol' | 'extra'>,
  ComponentType
> = {
  overview: page(
    () => import('./pages/operator-home-page'),
    (module) => module.OperatorHomePage,
  ),
  audit: page(
    () => import('./pages/operator-audit-page'),
    (module) => module.OperatorAuditPage,
  ),
  staff: page(
    () => import('./pages/operator-staff-page'),
    (module) => module.OperatorStaffPage,
  ),
  notFound: page(
    () => import('./pages/operator-not-found-page'),
    (module) => module.OperatorNotFoundPage,
  ),
};

type Props = {
  /**
   * Pages other features give the console, by the address segment after /operator/ ('tickets'
   * for the desk), each shown in the shell; features do not import each other, so app/ composes.
   */
  extraPages?: Readonly<Record<string, ComponentType>>;
};

const NO_EXTRA_PAGES: Readonly<Record<string, ComponentType>> = {};

/**
 * /operator/*: the staff's console (issue 27, ADR 028). It picks its page itself (console-paths.ts)
 * rather than through React Router's nested routes, so that nothing of it, not even a router
 * feature only it uses, is in the customers' first download.
 */
export function OperatorConsole({ extraPages = NO_EXTRA_PAGES }: Props) {
  const { pathname } = useLocation();
  const given = Object.keys(extraPages);
  const current = consolePageOf(pathname, given);
  let content;
  if (current.name === 'login') content = <LoginPage />;
  else if (current.name === 'enrol') content = <EnrolPage token={current.token} />;
  else {
    const Page =
      current.name === 'extra' ? extraPages[current.segment]! : SHELL_PAGES[current.name];
    content = (
      <Shell givenPages={given}>
        <Suspense fallback={<PageLoading />}>
          <Page />
        </Suspense>
      </Shell>
    );
  }
  return <Suspense fallback={<PageLoading />}>{content}</Suspense>;
}

function PageLoading() {
  const { t } = useTranslation('operator');
  return (
    <Center mih={200}>
      <Loader aria-label={t('loading')} />
    </Center>
  );
}

import { Outlet } from 'react-router';
import { Box } from '@mantine/core';
import { useSession } from '@/lib/session';
import { useSessionKeeper } from '../session/use-session-keeper';
import { SiteFooter } from './footer/site-footer';
import { SiteHeader } from './header/site-header';
import { SkipLink } from './skip-link';
import { useDocumentTitle } from './use-document-title';

/** Header, the page, footer: every page of a company that is open for business. */
export function AppLayout() {
  useDocumentTitle();
  const { user, isPending } = useSession();
  useSessionKeeper(user);
  return (
    <Box display="flex" style={{ flexDirection: 'column' }} mih="100dvh">
      <SkipLink />
      <SiteHeader session={user} isSessionPending={isPending} />
      <Box component="main" id="main-content" tabIndex={-1} flex={1} style={{ outline: 'none' }}>
        <Outlet />
      </Box>
      <SiteFooter />
    </Box>
  );
}

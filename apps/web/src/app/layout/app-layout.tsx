import { Outlet } from 'react-router';
import { Box } from '@mantine/core';
import { SiteFooter } from './footer/site-footer';
import { SiteHeader } from './header/site-header';
import { SkipLink } from './skip-link';
import { useDocumentTitle } from './use-document-title';

/** Header, the page, footer: every page of a company that is open for business. */
export function AppLayout() {
  useDocumentTitle();
  return (
    <Box display="flex" style={{ flexDirection: 'column' }} mih="100dvh">
      <SkipLink />
      {/* Login is a later issue: until it exists every visitor is logged out. */}
      <SiteHeader session={null} />
      <Box component="main" id="main-content" tabIndex={-1} flex={1} style={{ outline: 'none' }}>
        <Outlet />
      </Box>
      <SiteFooter />
    </Box>
  );
}

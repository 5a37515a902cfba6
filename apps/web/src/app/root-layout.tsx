import { Outlet, ScrollRestoration } from 'react-router';
import { RouteProgressBar } from '@/components/route-progress-bar';

/** Above every route: the loading bar between pages and scroll restoration. */
export function RootLayout() {
  return (
    <>
      <RouteProgressBar />
      <Outlet />
      <ScrollRestoration />
    </>
  );
}

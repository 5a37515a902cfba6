import type en from '@/i18n/en.json';

/** A key of `pages` in the translations: the page's name, for the tab title and placeholders. */
export type PageTitleKey = keyof (typeof en)['pages'];

export type RouteHandle = { titleKey: PageTitleKey };

function isRouteHandle(handle: unknown): handle is RouteHandle {
  return typeof handle === 'object' && handle !== null && 'titleKey' in handle;
}

/** The innermost matched route's title key (React Router's matches, in the browser or the server). */
export function getRouteTitleKey(matches: readonly { handle?: unknown }[]): PageTitleKey | null {
  for (let index = matches.length - 1; index >= 0; index -= 1) {
    const handle = matches[index]?.handle;
    if (isRouteHandle(handle)) return handle.titleKey;
  }
  return null;
}

import type { UIMatch } from 'react-router';
import type en from '@/i18n/en.json';

/** A key of `pages` in the translations: the page's name, for the tab title and placeholders. */
export type PageTitleKey = keyof (typeof en)['pages'];

export type RouteHandle = { titleKey: PageTitleKey };

function isRouteHandle(handle: unknown): handle is RouteHandle {
  return typeof handle === 'object' && handle !== null && 'titleKey' in handle;
}

export function getRouteTitleKey(matches: UIMatch[]): PageTitleKey | null {
  for (let index = matches.length - 1; index >= 0; index -= 1) {
    const handle = matches[index]?.handle;
    if (isRouteHandle(handle)) return handle.titleKey;
  }
  return null;
}

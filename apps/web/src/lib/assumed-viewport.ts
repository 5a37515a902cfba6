import { createContext, use, useSyncExternalStore } from 'react';
import { DESK_WIDTH, PHONE_WIDTH } from '@cloud-portal/contract/web/first-render';

/**
 * The width (CSS px) the server's first render assumes: a phone's, or a desk's when the browser
 * says it is not mobile. The page hydrates with the same assumption and then re-renders with the
 * real viewport, so a server-rendered page never mismatches and a client-rendered one is right
 * from its first frame.
 */
export { DESK_WIDTH, PHONE_WIDTH };

export const AssumedViewportContext = createContext<number>(PHONE_WIDTH);

const EM_PX = 16;
const FEATURE = /^\(\s*(min|max)-width\s*:\s*([\d.]+)\s*(px|em|rem)\s*\)$/;

/**
 * Whether a media query of width features (`(min-width: 62em)`, `and`, comma lists) holds at
 * `width`. Any other feature (height, orientation…) counts as not holding.
 */
export function matchesWidth(query: string, width: number): boolean {
  return query.split(',').some((alternative) =>
    alternative
      .split(/\s+and\s+/)
      .map((part) => FEATURE.exec(part.trim()))
      .every((match) => {
        if (!match) return false;
        const limit = Number(match[2]) * (match[3] === 'px' ? 1 : EM_PX);
        return match[1] === 'min' ? width >= limit : width <= limit;
      }),
  );
}

/** Like Mantine's useMediaQuery, but hydration-safe: see AssumedViewportContext. */
export function useViewportQuery(query: string): boolean {
  const assumedWidth = use(AssumedViewportContext);
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => window.matchMedia(query).matches,
    () => matchesWidth(query, assumedWidth),
  );
}

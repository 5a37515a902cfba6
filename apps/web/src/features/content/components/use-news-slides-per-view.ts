import { useViewportQuery } from '@/lib/assumed-viewport';

/**
 * portal.md §9: 5 news cards side by side from 3000px, 3 from 1024px, 2 from 464px, else 1.
 */
export function useNewsSlidesPerView(): number {
  const isVeryWide = useViewportQuery('(min-width: 3000px)');
  const isDesktop = useViewportQuery('(min-width: 1024px)');
  const isTablet = useViewportQuery('(min-width: 464px)');
  if (isVeryWide) return 5;
  if (isDesktop) return 3;
  if (isTablet) return 2;
  return 1;
}

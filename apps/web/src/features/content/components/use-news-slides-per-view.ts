import { useMediaQuery } from '@mantine/hooks';

const OPTIONS = { getInitialValueInEffect: false };

/**
 * portal.md §9: 5 news cards side by side from 3000px, 3 from 1024px, 2 from 464px, else 1.
 */
export function useNewsSlidesPerView(): number {
  const isVeryWide = useMediaQuery('(min-width: 3000px)', undefined, OPTIONS);
  const isDesktop = useMediaQuery('(min-width: 1024px)', undefined, OPTIONS);
  const isTablet = useMediaQuery('(min-width: 464px)', undefined, OPTIONS);
  if (isVeryWide) return 5;
  if (isDesktop) return 3;
  if (isTablet) return 2;
  return 1;
}

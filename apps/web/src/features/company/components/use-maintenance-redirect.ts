import { useEffect } from 'react';
import { toExternalUrl } from '@/lib/external-url';

/**
 * portal.md §2: when the company configured a maintenance address, the page replaces the location
 * with it. Only http(s) addresses, and never the page itself, to rule out a redirect loop.
 */
export function useMaintenanceRedirect(redirectAddress: string | null): void {
  useEffect(() => {
    const target = toExternalUrl(redirectAddress);
    if (target === null || target === window.location.href) return;
    window.location.replace(target);
  }, [redirectAddress]);
}

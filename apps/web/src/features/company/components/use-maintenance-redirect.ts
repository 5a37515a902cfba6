import { useEffect } from 'react';
import { toExternalUrl } from '@/lib/external-url';

/**
 * portal.md §2: when the company configured a maintenance address, the page replaces the location
 * with it. Only http(s) addresses elsewhere: an address on this portal's own origin would land on
 * this page again and loop.
 */
export function useMaintenanceRedirect(redirectAddress: string | null): void {
  useEffect(() => {
    const target = toExternalUrl(redirectAddress);
    if (target === null || new URL(target).origin === window.location.origin) return;
    window.location.replace(target);
  }, [redirectAddress]);
}

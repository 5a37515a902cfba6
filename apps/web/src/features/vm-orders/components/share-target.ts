import { productDetailsPath } from '@/lib/product-details-link';

/**
 * What the share dialog of an order screen shares: the machine's product page on this site, which
 * anyone may open (the order screen itself is the customer's own).
 */
export function productShareUrl(origin: string, productId: number): string {
  return `${origin.replace(/\/+$/, '')}${productDetailsPath(productId)}`;
}

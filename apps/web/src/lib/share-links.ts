import { productDetailsPath } from './product-details-link';

export type ShareNetwork = 'facebook' | 'twitter' | 'linkedIn' | 'whatsApp' | 'email';

type ShareLink = { network: ShareNetwork; href: string; opensNewTab: boolean };

/** The page's own address, the one that is shared: /productdetails/{id} on this site. */
export function productPageUrl(origin: string, productId: string | number): string {
  return `${origin.replace(/\/+$/, '')}${productDetailsPath(productId)}`;
}

/**
 * The five networks' share addresses for a page (vm-lifecycle.md §9: five networks). `text` is a
 * short sentence that goes with the link where the network takes one; `subject` is the e-mail's.
 */
export function shareLinks(url: string, text: string, subject: string): ShareLink[] {
  const u = encodeURIComponent(url);
  return [
    {
      network: 'facebook',
      href: `https://www.facebook.com/sharer/sharer.php?u=${u}`,
      opensNewTab: true,
    },
    {
      network: 'twitter',
      href: `https://twitter.com/intent/tweet?url=${u}&text=${encodeURIComponent(text)}`,
      opensNewTab: true,
    },
    {
      network: 'linkedIn',
      href: `https://www.linkedin.com/sharing/share-offsite/?url=${u}`,
      opensNewTab: true,
    },
    {
      network: 'whatsApp',
      href: `https://wa.me/?text=${encodeURIComponent(`${text} ${url}`)}`,
      opensNewTab: true,
    },
    {
      // A mail program, not a page: a new tab would stay behind empty.
      network: 'email',
      href: `mailto:?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(`${text}\n\n${url}`)}`,
      opensNewTab: false,
    },
  ];
}

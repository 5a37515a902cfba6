import { describe, expect, it } from 'vitest';
import { productPageUrl, shareLinks } from './share-links';

describe('productPageUrl', () => {
  it('is the product page on this site', () => {
    expect(productPageUrl('https://portal.example.com', 12)).toBe(
      'https://portal.example.com/productdetails/12',
    );
    expect(productPageUrl('http://127.0.0.1:3458/', '7')).toBe(
      'http://127.0.0.1:3458/productdetails/7',
    );
  });
});

describe('shareLinks', () => {
  const url = 'https://portal.example.com/productdetails/12';
  const links = shareLinks(url, 'Have a look at Ubuntu & more', 'Ubuntu 22.04');
  const hrefOf = (network: string) => links.find((link) => link.network === network)!.href;

  it('offers five networks', () => {
    expect(links.map((link) => link.network)).toEqual([
      'facebook',
      'twitter',
      'linkedIn',
      'whatsApp',
      'email',
    ]);
  });

  it('carries the encoded page address', () => {
    const encoded = encodeURIComponent(url);
    for (const link of links) expect(link.href).toContain(encoded);
    expect(hrefOf('facebook')).toBe(`https://www.facebook.com/sharer/sharer.php?u=${encoded}`);
    expect(hrefOf('linkedIn')).toBe(
      `https://www.linkedin.com/sharing/share-offsite/?url=${encoded}`,
    );
  });

  it('encodes the accompanying text', () => {
    expect(hrefOf('twitter')).toBe(
      `https://twitter.com/intent/tweet?url=${encodeURIComponent(url)}&text=Have%20a%20look%20at%20Ubuntu%20%26%20more`,
    );
    expect(hrefOf('whatsApp')).toBe(
      `https://wa.me/?text=${encodeURIComponent(`Have a look at Ubuntu & more ${url}`)}`,
    );
    expect(hrefOf('email')).toMatch(/^mailto:\?subject=Ubuntu%2022\.04&body=/);
  });

  it('opens the web networks in a new tab, the mail program in place', () => {
    expect(links.filter((link) => link.opensNewTab).map((link) => link.network)).toEqual([
      'facebook',
      'twitter',
      'linkedIn',
      'whatsApp',
    ]);
  });
});

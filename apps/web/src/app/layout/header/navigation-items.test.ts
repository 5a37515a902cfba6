import { describe, expect, it } from 'vitest';
import { buildNavigationItems } from './navigation-items';

const labels = {
  home: 'Home',
  marketplace: 'Marketplace',
  productsAndServices: 'Products And Services',
  partnerCloudServices: 'Partner Cloud Services',
  myProducts: 'My Products',
  viewVirtualMachines: 'View Virtual Machines',
  savedProducts: 'Saved Products',
  support: 'Support',
  raisedTicket: 'Raised Ticket',
  viewTicket: 'View Ticket',
  companyWebsite: 'Company Website',
  news: 'News',
  benefits: 'Benefits',
};

const visitor = {
  labels,
  session: null,
  productsAndServicesPath: '/businessunit/Cloud%20Infrastructure',
  companyWebsiteUrl: 'https://www.example.com/',
  benefits: [{ label: 'Startups', href: 'https://www.example.com/startups' }],
};

describe('buildNavigationItems', () => {
  it('gives a visitor Home, Marketplace, the company website, News and Benefits, in that order', () => {
    const items = buildNavigationItems(visitor);
    expect(items.map((item) => item.id)).toEqual([
      'home',
      'marketplace',
      'company-website',
      'news',
      'benefits',
    ]);
    const marketplace = items.find((item) => item.id === 'marketplace');
    expect(marketplace?.kind === 'menu' && marketplace.items.map((item) => item.id)).toEqual([
      'products-and-services',
      'partner-cloud-services',
    ]);
  });

  it('hides Products And Services, the website link and Benefits when there is nothing to show', () => {
    const items = buildNavigationItems({
      ...visitor,
      productsAndServicesPath: null,
      companyWebsiteUrl: null,
      benefits: [],
    });
    expect(items.map((item) => item.id)).toEqual(['home', 'marketplace', 'news']);
    const marketplace = items.find((item) => item.id === 'marketplace');
    expect(marketplace?.kind === 'menu' && marketplace.items.map((item) => item.id)).toEqual([
      'partner-cloud-services',
    ]);
  });

  it('adds My Products and Support for a logged-in customer only', () => {
    const items = buildNavigationItems({
      ...visitor,
      session: { firstName: 'Thandi', lastName: 'Nkosi' },
    });
    expect(items.map((item) => item.id)).toEqual([
      'home',
      'marketplace',
      'my-products',
      'support',
      'company-website',
      'news',
      'benefits',
    ]);
  });
});

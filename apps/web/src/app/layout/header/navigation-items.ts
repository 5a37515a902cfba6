/** One entry of the header menus, already translated; desktop and mobile render the same list. */
export type NavigationLink = { kind: 'link'; id: string; label: string; to: string };
export type NavigationExternalLink = { kind: 'external'; id: string; label: string; href: string };
type NavigationMenu = {
  kind: 'menu';
  id: string;
  label: string;
  items: (NavigationLink | NavigationExternalLink)[];
};
export type NavigationItem = NavigationLink | NavigationExternalLink | NavigationMenu;

/** The signed-in customer's name; null for a visitor. */
export type HeaderSession = { firstName: string; lastName: string } | null;

type Labels = Record<
  | 'home'
  | 'marketplace'
  | 'productsAndServices'
  | 'partnerCloudServices'
  | 'myProducts'
  | 'viewVirtualMachines'
  | 'savedProducts'
  | 'support'
  | 'raisedTicket'
  | 'viewTicket'
  | 'companyWebsite'
  | 'news'
  | 'benefits',
  string
>;

type Input = {
  labels: Labels;
  session: HeaderSession;
  /** Path of the first business unit; null hides Products And Services. */
  productsAndServicesPath: string | null;
  companyWebsiteUrl: string | null;
  benefits: { label: string; href: string }[];
};

/** portal.md §2 "Header and footer": the menus, in their order, for a visitor or a customer. */
export function buildNavigationItems({
  labels,
  session,
  productsAndServicesPath,
  companyWebsiteUrl,
  benefits,
}: Input): NavigationItem[] {
  const items: NavigationItem[] = [{ kind: 'link', id: 'home', label: labels.home, to: '/home' }];

  items.push({
    kind: 'menu',
    id: 'marketplace',
    label: labels.marketplace,
    items: [
      ...(productsAndServicesPath === null
        ? []
        : [
            {
              kind: 'link' as const,
              id: 'products-and-services',
              label: labels.productsAndServices,
              to: productsAndServicesPath,
            },
          ]),
      {
        kind: 'link',
        id: 'partner-cloud-services',
        label: labels.partnerCloudServices,
        to: '/partnerCloudServices',
      },
    ],
  });

  if (session !== null) {
    items.push(
      {
        kind: 'menu',
        id: 'my-products',
        label: labels.myProducts,
        items: [
          {
            kind: 'link',
            id: 'view-virtual-machines',
            label: labels.viewVirtualMachines,
            to: '/customerprofile/2',
          },
          { kind: 'link', id: 'saved-products', label: labels.savedProducts, to: '/saveditem' },
        ],
      },
      {
        kind: 'menu',
        id: 'support',
        label: labels.support,
        items: [
          {
            kind: 'link',
            id: 'raised-ticket',
            label: labels.raisedTicket,
            to: '/customerprofile/1',
          },
          { kind: 'link', id: 'view-ticket', label: labels.viewTicket, to: '/customerprofile/1' },
        ],
      },
    );
  }

  if (companyWebsiteUrl !== null) {
    items.push({
      kind: 'external',
      id: 'company-website',
      label: labels.companyWebsite,
      href: companyWebsiteUrl,
    });
  }

  items.push({ kind: 'link', id: 'news', label: labels.news, to: '/news' });

  if (benefits.length > 0) {
    items.push({
      kind: 'menu',
      id: 'benefits',
      label: labels.benefits,
      items: benefits.map((benefit, index) => ({
        kind: 'external',
        id: `benefit-${index}`,
        label: benefit.label,
        href: benefit.href,
      })),
    });
  }

  return items;
}

/**
 * The title and meta description of a page, written into the index.html the server sends for
 * that path, so a search engine (and a first paint) sees the company's own words before the app
 * runs. The app keeps both current on navigation and in the visitor's language
 * (apps/web/src/app/layout/use-document-title.ts): these English texts are the web app's
 * `pages.*` and `pageDescriptions.*` in apps/web/src/i18n/en.json, and a test keeps them equal.
 */

type PageKey =
  | 'home'
  | 'about'
  | 'terms'
  | 'faq'
  | 'privacy'
  | 'help'
  | 'news'
  | 'marketplace'
  | 'productsAndServices'
  | 'partnerCloudServices'
  | 'newsletter'
  | 'login'
  | 'signup'
  | 'forgotPassword'
  | 'profile'
  | 'savedItems'
  | 'productDetails';

/** The first path segment (lower case) of each page described here. */
const PAGE_BY_SEGMENT: Record<string, PageKey> = {
  '': 'home',
  home: 'home',
  about: 'about',
  termcondition: 'terms',
  faq: 'faq',
  privacypolicy: 'privacy',
  help: 'help',
  news: 'news',
  marketplace: 'marketplace',
  businessunit: 'productsAndServices',
  partnercloudservices: 'partnerCloudServices',
  newsletter: 'newsletter',
  customerlogin: 'login',
  signup: 'signup',
  forgetpassword: 'forgotPassword',
  customerprofile: 'profile',
  saveditem: 'savedItems',
  productdetails: 'productDetails',
};

export const PAGE_TITLES: Record<PageKey, string> = {
  home: 'Home',
  about: 'About us',
  terms: 'Terms and Conditions',
  faq: 'FAQ',
  privacy: 'Privacy Policy',
  help: 'Help',
  news: 'News',
  marketplace: 'Marketplace',
  productsAndServices: 'Products And Services',
  partnerCloudServices: 'Partner Cloud Services',
  newsletter: 'Newsletter',
  login: 'Log In',
  signup: 'Register',
  forgotPassword: 'Forgot Password',
  profile: 'My Profile',
  savedItems: 'Saved Products',
  productDetails: 'Product Details',
};

/** `{{company}}` stands for the company's name. */
export const PAGE_DESCRIPTIONS: Record<PageKey | 'default', string> = {
  default: '{{company}}: buy, run and manage cloud virtual machines online.',
  home: '{{company}}: cloud virtual machines by the month, our products and services, and the latest news.',
  about:
    'Who we are at {{company}}: the cloud provider behind these virtual machines, and how to reach us.',
  terms: 'The terms and conditions of buying and using cloud services from {{company}}.',
  faq: 'Answers to common questions about buying, paying for and running virtual machines at {{company}}.',
  privacy: 'How {{company}} collects, uses and protects your personal information.',
  help: 'Help with your {{company}} account, orders, payments and virtual machines.',
  news: 'News and announcements from {{company}}.',
  marketplace:
    'Browse and compare the virtual machines {{company}} sells: operating systems, sizes, regions and prices.',
  productsAndServices: 'The cloud products and services of {{company}}.',
  partnerCloudServices: 'Cloud services {{company}} offers with its partners.',
  newsletter: 'Subscribe to the {{company}} newsletter.',
  login: 'Log in to your {{company}} account to buy and manage your virtual machines.',
  signup: 'Create a {{company}} account to buy and manage cloud virtual machines.',
  forgotPassword: 'Reset the password of your {{company}} account.',
  profile: 'Your {{company}} account: virtual machines, purchases, tickets and profile.',
  savedItems: 'The virtual machine configurations you saved at {{company}}.',
  productDetails:
    'Configure a virtual machine at {{company}}: memory, disk, processors, region and price.',
};

type PageMeta = { title: string; description: string };

function pageAt(pathname: string): PageKey | undefined {
  const segment = (pathname.split('/')[1] ?? '').toLowerCase();
  return Object.hasOwn(PAGE_BY_SEGMENT, segment) ? PAGE_BY_SEGMENT[segment] : undefined;
}

/** What a page at `pathname` is called and how it is described, for `companyName`. */
export function describePage(pathname: string, companyName: string): PageMeta {
  const page = pageAt(pathname);
  const description = PAGE_DESCRIPTIONS[page ?? 'default'].replaceAll('{{company}}', companyName);
  return {
    title: page ? `${PAGE_TITLES[page]} · ${companyName}` : companyName,
    description,
  };
}

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => HTML_ESCAPES[character]!);
}

/**
 * index.html with the page's title and meta description in place of the built ones (the build's
 * `<title>` and `<meta name="description">` are replaced; a missing description is added).
 */
export function withPageMeta(indexHtml: string, meta: PageMeta): string {
  const title = `<title>${escapeHtml(meta.title)}</title>`;
  const description = `<meta name="description" content="${escapeHtml(meta.description)}" />`;
  const withoutDescription = indexHtml.replace(/\s*<meta name="description"[^>]*>/i, '');
  return withoutDescription.replace(/<title>[^<]*<\/title>/i, () => `${title}\n    ${description}`);
}

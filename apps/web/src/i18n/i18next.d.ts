import 'i18next';
import type en from './en.json';
import type content from './content/en.json';
import type documents from './documents/en.json';
import type accounts from './accounts/en.json';
import type marketplace from './marketplace/en.json';
import type products from './products/en.json';
import type checkout from './checkout/en.json';
import type paymentResult from './payment-result/en.json';
import type receipts from './receipts/en.json';
import type vmActions from './vm-actions/en.json';
import type vmOrders from './vm-orders/en.json';
import type publicIp from './public-ip/en.json';
import type lifecycle from './lifecycle/en.json';
import type operator from './operator/en.json';
import type tickets from './tickets/en.json';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: {
      translation: typeof en;
      content: typeof content;
      documents: typeof documents;
      accounts: typeof accounts;
      marketplace: typeof marketplace;
      products: typeof products;
      checkout: typeof checkout;
      paymentResult: typeof paymentResult;
      receipts: typeof receipts;
      vmActions: typeof vmActions;
      vmOrders: typeof vmOrders;
      publicIp: typeof publicIp;
      lifecycle: typeof lifecycle;
      operator: typeof operator;
      tickets: typeof tickets;
    };
  }
}

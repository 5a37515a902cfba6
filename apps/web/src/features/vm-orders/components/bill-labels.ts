import type { SpecificationName } from '@cloud-portal/contract/pricing/vm-pricing';

/** The words of a bill, in the page's language (the pure bill builders take them ready made). */
export type BillLabels = {
  item: string;
  size: string;
  availableSize: string;
  updatedSize: string;
  price: string;
  totalPrice: string;
  tax: (percent: number) => string;
  arrears: (days: number) => string;
  totalPayable: string;
  specification: (name: SpecificationName) => string;
};

import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { BillLabels } from './bill-labels';

/** The bill's words in the page's language. */
export function useBillLabels(): BillLabels {
  const { t } = useTranslation('vmOrders');
  return useMemo(
    () => ({
      item: t('bill.item'),
      size: t('bill.size'),
      availableSize: t('bill.availableSize'),
      updatedSize: t('bill.updatedSize'),
      price: t('bill.price'),
      totalPrice: t('bill.totalPrice'),
      tax: (percent) => t('bill.tax', { percent }),
      arrears: (days) => t('bill.arrears', { count: days }),
      totalPayable: t('bill.totalPayable'),
      specification: (name) => t(`specifications.${name}`),
    }),
    [t],
  );
}

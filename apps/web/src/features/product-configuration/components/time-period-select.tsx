import type { Ref } from 'react';
import { NativeSelect } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TTimePeriod } from '@cloud-portal/contract/marketplace/get-vm-product-details';

type Props = {
  periods: readonly TTimePeriod[];
  /** Days; 0 while none is chosen. */
  value: number;
  onChange: (days: number) => void;
  error: string | null;
  ref?: Ref<HTMLSelectElement>;
};

/** Time Period: the company's periods in days; unselected until the customer picks one. */
export function TimePeriodSelect({ periods, value, onChange, error, ref }: Props) {
  const { t } = useTranslation('products');
  const sorted = [...periods].sort((a, b) => a.days - b.days);
  return (
    <NativeSelect
      ref={ref}
      label={t('configuration.timePeriod')}
      required
      value={value > 0 ? String(value) : ''}
      onChange={(event) => onChange(Number(event.currentTarget.value) || 0)}
      error={error}
      data={[
        { value: '', label: t('configuration.timePeriodPlaceholder') },
        ...sorted.map((period) => ({
          value: String(period.days),
          label: t('common.days', { count: period.days }),
        })),
      ]}
    />
  );
}

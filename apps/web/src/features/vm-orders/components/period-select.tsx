import type { Ref } from 'react';
import { NativeSelect } from '@mantine/core';
import { useTranslation } from 'react-i18next';

type Props = {
  /** The period options in days. */
  options: readonly number[];
  /** Days; 0 while none is chosen. */
  value: number;
  onChange: (days: number) => void;
  error: string | null;
  ref?: Ref<HTMLSelectElement>;
};

/** Time Period of a renewal: the company's periods in days. */
export function PeriodSelect({ options, value, onChange, error, ref }: Props) {
  const { t } = useTranslation('vmOrders');
  const sorted = [...new Set(options)].sort((a, b) => a - b);
  return (
    <NativeSelect
      ref={ref}
      label={t('renew.timePeriod')}
      required
      value={value > 0 ? String(value) : ''}
      onChange={(event) => onChange(Number(event.currentTarget.value) || 0)}
      error={error}
      data-testid="renew-period"
      data={[
        { value: '', label: t('renew.timePeriodPlaceholder') },
        ...sorted.map((days) => ({ value: String(days), label: t('card.days', { count: days }) })),
      ]}
    />
  );
}

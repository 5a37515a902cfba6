import type { Ref } from 'react';
import { NativeSelect, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TFilterOption } from '@cloud-portal/contract/marketplace/catalogue-schemas';
import { readOnlyInputProps } from '@/components/read-only-input';

type Props = {
  /** The product's own region: shown, not chosen. */
  productRegion: { ID: number; name: string } | null;
  /** The company's regions, to pick from when the product has none. */
  regions: readonly TFilterOption[];
  value: number;
  onChange: (regionID: number) => void;
  error: string | null;
  ref?: Ref<HTMLSelectElement>;
};

/** Region: read-only for a product with its region, else a choice among the company's. */
export function RegionSelect({ productRegion, regions, value, onChange, error, ref }: Props) {
  const { t } = useTranslation('products');
  if (productRegion) {
    return (
      <TextInput
        label={t('configuration.region')}
        description={t('configuration.regionFixed')}
        value={productRegion.name}
        data-testid="region-fixed"
        {...readOnlyInputProps}
      />
    );
  }
  return (
    <NativeSelect
      ref={ref}
      label={t('configuration.region')}
      required
      value={value > 0 ? String(value) : ''}
      onChange={(event) => onChange(Number(event.currentTarget.value) || 0)}
      error={error}
      data={[
        { value: '', label: t('configuration.regionPlaceholder') },
        ...regions.map((region) => ({ value: String(region.ID), label: region.name })),
      ]}
    />
  );
}

import { useMemo, useState } from 'react';
import { Loader, Select, type ComboboxItem } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { useProductNames } from '../api/get-product-names';

const SEARCH_DELAY_MS = 250;

type Props = {
  operatingSystem: number | null;
  value: number | null;
  onChange: (productID: number | null) => void;
  serviceName: string;
};

/**
 * The quick-search panel's VM select (portal.md §4): the chosen OS's products, searched by name
 * on the server as the visitor types (a catalogue of thousands never rides along whole).
 */
export function VirtualMachineSelect({ operatingSystem, value, onChange, serviceName }: Props) {
  const { t } = useTranslation('marketplace');
  const [search, setSearch] = useState('');
  const [chosen, setChosen] = useState<ComboboxItem<number> | null>(null);
  const chosenOption = chosen !== null && chosen.value === value ? chosen : null;
  // The input shows the chosen name; that is no search.
  const typed = search === chosenOption?.label ? '' : search.trim();
  const [debouncedSearch] = useDebouncedValue(typed, SEARCH_DELAY_MS);
  const names = useProductNames(operatingSystem, debouncedSearch, serviceName);

  const data = useMemo(() => {
    const options: ComboboxItem<number>[] = (names.data ?? []).map((item) => ({
      value: item.productID,
      label: item.productName,
    }));
    if (chosenOption !== null && !options.some((option) => option.value === chosenOption.value)) {
      options.unshift(chosenOption);
    }
    return options;
  }, [names.data, chosenOption]);

  const isSearching = names.isFetching || typed !== debouncedSearch;
  const isDisabled = operatingSystem === null;

  return (
    <Select<number>
      label={t('filters.virtualMachine')}
      placeholder={
        isDisabled ? t('filters.virtualMachineNeedsOs') : t('filters.virtualMachinePlaceholder')
      }
      description={isDisabled ? undefined : t('filters.virtualMachineSearchHint')}
      data={data}
      value={value}
      onChange={(next, option) => {
        setChosen(option);
        onChange(next);
      }}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      clearable
      disabled={isDisabled}
      nothingFoundMessage={isSearching ? t('filters.searching') : t('filters.nothingFound')}
      rightSection={isSearching && !isDisabled ? <Loader size={16} aria-hidden /> : undefined}
      data-testid="filter-virtual-machine"
    />
  );
}

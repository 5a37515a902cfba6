import type { Dispatch, FormEvent } from 'react';
import {
  ActionIcon,
  Button,
  Group,
  Paper,
  Select,
  Stack,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import { IconFilterOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type {
  TFilterData,
  TFilterOption,
} from '@cloud-portal/contract/marketplace/catalogue-schemas';
import type { FilterAction, FilterSelection } from './filter-state';
import { VirtualMachineSelect } from './virtual-machine-select';

type Props = {
  draft: FilterSelection;
  /** Undefined while the marketplace loads: the selects wait, disabled. */
  filterData: TFilterData | undefined;
  dispatch: Dispatch<FilterAction>;
  onApply: () => void;
  isApplying: boolean;
  onReset: () => void;
  /** The lists show filtered products (the applied filters are not empty). */
  isFiltered: boolean;
  serviceName: string;
};

const toOptions = (options: TFilterOption[] | undefined) =>
  (options ?? []).map((option) => ({ value: option.ID, label: option.name }));

/**
 * The left quick-search panel (portal.md §2, §4): OS, VM (of that OS), Region and IP Type;
 * Apply fetches the matching products, the reset icon clears every choice.
 */
export function QuickSearchPanel({
  draft,
  filterData,
  dispatch,
  onApply,
  isApplying,
  onReset,
  isFiltered,
  serviceName,
}: Props) {
  const { t } = useTranslation('marketplace');
  const isLoading = filterData === undefined;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onApply();
  };

  return (
    <Paper
      component="form"
      onSubmit={submit}
      aria-labelledby="quick-search-title"
      withBorder
      radius="lg"
      p="lg"
      data-testid="quick-search"
    >
      <Stack gap="md">
        <Group justify="space-between" wrap="nowrap">
          <Title order={2} id="quick-search-title" fz={20}>
            {t('filters.title')}
          </Title>
          <Tooltip label={t('filters.reset')}>
            <ActionIcon
              variant="subtle"
              color="gray"
              size="lg"
              onClick={onReset}
              aria-label={t('filters.reset')}
            >
              <IconFilterOff size={20} aria-hidden />
            </ActionIcon>
          </Tooltip>
        </Group>
        <Select<number>
          label={t('filters.operatingSystem')}
          placeholder={t('filters.operatingSystemPlaceholder')}
          data={toOptions(filterData?.operatingSystem)}
          value={draft.operatingSystem}
          onChange={(id) => dispatch({ type: 'chooseOperatingSystem', id })}
          clearable
          disabled={isLoading}
          data-testid="filter-operating-system"
        />
        <VirtualMachineSelect
          operatingSystem={draft.operatingSystem}
          value={draft.virtualMachine}
          onChange={(id) => dispatch({ type: 'chooseVirtualMachine', id })}
          serviceName={serviceName}
        />
        <Select<number>
          label={t('filters.region')}
          placeholder={t('filters.regionPlaceholder')}
          data={toOptions(filterData?.country)}
          value={draft.region}
          onChange={(id) => dispatch({ type: 'chooseRegion', id })}
          clearable
          disabled={isLoading}
          data-testid="filter-region"
        />
        <Select<number>
          label={t('filters.ipType')}
          placeholder={t('filters.ipTypePlaceholder')}
          data={toOptions(filterData?.ipType)}
          value={draft.ipType}
          onChange={(id) => dispatch({ type: 'chooseIpType', id })}
          clearable
          disabled={isLoading}
          data-testid="filter-ip-type"
        />
        <Stack gap={6}>
          <Button type="submit" loading={isApplying} disabled={isLoading} fullWidth>
            {t('filters.apply')}
          </Button>
          <Text size="sm" c="dimmed" role="status" data-testid="filter-status">
            {isFiltered ? t('filters.filtered') : ''}
          </Text>
        </Stack>
      </Stack>
    </Paper>
  );
}

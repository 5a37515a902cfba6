import { useState, type Dispatch, type FormEvent } from 'react';
import {
  ActionIcon,
  Badge,
  Button,
  Group,
  Paper,
  Select,
  Stack,
  Text,
  Title,
  Tooltip,
  UnstyledButton,
} from '@mantine/core';
import { useViewportQuery } from '@/lib/assumed-viewport';
import { IconChevronDown, IconFilterOff } from '@tabler/icons-react';
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
  /** How many filters the lists show products for (0: every product). */
  activeFilterCount: number;
  serviceName: string;
};

/** Where the panel stands beside the lists (the page's grid, md): there it is always open. */
const BESIDE_LISTS_QUERY = '(min-width: 62em)';

const toOptions = (options: TFilterOption[] | undefined) =>
  (options ?? []).map((option) => ({ value: option.ID, label: option.name }));

/**
 * The left quick-search panel (portal.md §2, §4): OS, VM (of that OS), Region and IP Type;
 * Apply fetches the matching products, the reset icon clears every choice. On a phone it stands
 * above the lists, so it starts folded to one button that says how many filters are active.
 */
export function QuickSearchPanel({
  draft,
  filterData,
  dispatch,
  onApply,
  isApplying,
  onReset,
  activeFilterCount,
  serviceName,
}: Props) {
  const { t } = useTranslation('marketplace');
  const isLoading = filterData === undefined;
  const isBesideLists = useViewportQuery(BESIDE_LISTS_QUERY);
  const [isUnfolded, setIsUnfolded] = useState(false);
  const isOpen = isBesideLists || isUnfolded;
  const activeCount = t('filters.activeCount', { count: activeFilterCount });

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
          <Title order={2} id="quick-search-title" fz={20} style={{ flex: 1 }}>
            {isBesideLists ? (
              t('filters.title')
            ) : (
              <UnstyledButton
                onClick={() => setIsUnfolded((unfolded) => !unfolded)}
                aria-expanded={isOpen}
                aria-controls="quick-search-fields"
                w="100%"
                fz="inherit"
                fw="inherit"
                data-testid="quick-search-toggle"
              >
                <Group justify="space-between" wrap="nowrap" gap="xs">
                  <Group gap="xs" wrap="wrap">
                    <span>{t('filters.title')}</span>
                    <Badge
                      variant={activeFilterCount > 0 ? 'filled' : 'default'}
                      tt="none"
                      fw={600}
                    >
                      {activeCount}
                    </Badge>
                  </Group>
                  <IconChevronDown
                    size={20}
                    aria-hidden
                    style={{
                      flex: 'none',
                      transform: isOpen ? 'rotate(180deg)' : undefined,
                      transition: 'transform 150ms',
                    }}
                  />
                </Group>
              </UnstyledButton>
            )}
          </Title>
          {isOpen && (
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
          )}
        </Group>
        <Stack gap="md" id="quick-search-fields" display={isOpen ? undefined : 'none'}>
          {/* A phone's folded panel holds no fields: fewer components to bring to life. */}
          {isOpen && (
            <>
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
                  {activeFilterCount > 0 ? t('filters.filtered') : ''}
                </Text>
              </Stack>
            </>
          )}
        </Stack>
      </Stack>
    </Paper>
  );
}

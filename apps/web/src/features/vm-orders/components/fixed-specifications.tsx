import { useId } from 'react';
import { Group, Slider, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { SpecificationName } from '@cloud-portal/contract/pricing/vm-pricing';

export type FixedSpecification = {
  name: SpecificationName;
  count: number;
  unit: string;
  minValue: number;
  maxValue: number;
};

const DISABLED_THUMB = {
  display: 'flex',
  cursor: 'not-allowed',
  borderColor: 'var(--mantine-color-gray-5)',
  backgroundColor: 'var(--mantine-color-gray-1)',
} as const;

/**
 * The machine's specification on the clone, snapshot and renew screens (vm-lifecycle.md §2.2):
 * its sliders, shown and disabled, since these orders keep the machine's size.
 */
export function FixedSpecifications({ lines }: { lines: readonly FixedSpecification[] }) {
  const { t } = useTranslation('vmOrders');
  const noteId = useId();
  return (
    <Stack gap="md" component="fieldset" m={0} p={0} style={{ border: 0 }}>
      <Text component="legend" fw={700} p={0} mb="xs">
        {t('specifications.heading')}
      </Text>
      <Text id={noteId} size="sm" c="dimmed" data-testid="specifications-fixed-note">
        {t('specifications.fixedNote')}
      </Text>
      {lines.map((line) => {
        const name = t(`specifications.${line.name}`);
        const amount = `${line.count} ${line.unit}`;
        return (
          <Stack gap={6} key={line.name} data-testid={`specification-${line.name.toLowerCase()}`}>
            <Group justify="space-between" align="baseline" gap="xs" wrap="nowrap">
              <Text fw={600}>{name}</Text>
              <Text fw={600} data-testid="specification-count">
                {amount}
              </Text>
            </Group>
            <Slider
              min={Math.min(line.minValue, line.count)}
              max={Math.max(line.maxValue, line.count, line.minValue + 1)}
              value={line.count}
              disabled
              styles={{ thumb: DISABLED_THUMB }}
              thumbLabel={name}
              thumbValueText={() => amount}
              thumbProps={{ 'aria-describedby': noteId }}
              mb="sm"
              mx="sm"
            />
          </Stack>
        );
      })}
    </Stack>
  );
}

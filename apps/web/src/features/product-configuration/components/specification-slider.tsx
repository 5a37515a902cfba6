import { useId } from 'react';
import { Group, Slider, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { SpecificationLine } from '@cloud-portal/contract/marketplace/configuration-rules';

const DISABLED_THUMB = {
  display: 'flex',
  cursor: 'not-allowed',
  borderColor: 'var(--mantine-color-gray-5)',
  backgroundColor: 'var(--mantine-color-gray-1)',
} as const;

type Props = {
  line: SpecificationLine;
  value: number;
  onChange: (value: number) => void;
  /** The line's cost in the bill shown (already formatted with its currency). */
  cost: string;
  disabled: boolean;
  /** Why this slider cannot be moved, shown beneath it. */
  note: string | null;
  /** The id of a note elsewhere that says why the slider cannot be moved. */
  describedBy?: string;
};

/**
 * One specification line (Memory, Disk or Processor): a slider from min to max in steps of
 * `size`, the chosen count with its unit and the line's cost. The thumb is named after the line.
 */
export function SpecificationSlider({
  line,
  value,
  onChange,
  cost,
  disabled,
  note,
  describedBy,
}: Props) {
  const { t } = useTranslation('products');
  const noteId = useId();
  const name = t(`specifications.${line.specificationName}`);
  const amount = `${value} ${line.specificationUnit}`;
  const descriptionIds = [describedBy, note ? noteId : null].filter(Boolean).join(' ');

  return (
    <Stack gap={6} data-testid={`specification-${line.specificationName.toLowerCase()}`}>
      <Group justify="space-between" align="baseline" gap="xs" wrap="nowrap">
        <Text fw={600}>{name}</Text>
        <Group gap="md" wrap="nowrap" align="baseline">
          <Text fw={600} data-testid="specification-count">
            {amount}
          </Text>
          <Text size="sm" c="dimmed" data-testid="specification-cost">
            {cost}
          </Text>
        </Group>
      </Group>
      <Slider
        min={line.minValue}
        max={line.maxValue}
        step={line.size > 0 ? line.size : 1}
        value={value}
        onChange={onChange}
        disabled={disabled}
        // Mantine hides a disabled slider's thumb; it stays, greyed, so the count is still seen
        // and screen readers still find the (disabled) slider.
        styles={disabled ? { thumb: DISABLED_THUMB } : undefined}
        label={(current) => `${current} ${line.specificationUnit}`}
        thumbLabel={name}
        thumbValueText={(current) => `${current} ${line.specificationUnit}`}
        thumbProps={descriptionIds ? { 'aria-describedby': descriptionIds } : undefined}
        marks={[
          { value: line.minValue, label: `${line.minValue}` },
          { value: line.maxValue, label: `${line.maxValue}` },
        ]}
        mb="lg"
        mx="sm"
      />
      {note && (
        <Text id={noteId} size="sm" c="dimmed">
          {note}
        </Text>
      )}
    </Stack>
  );
}

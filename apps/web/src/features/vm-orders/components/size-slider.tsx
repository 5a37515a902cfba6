import { useId } from 'react';
import { Group, Slider, Stack, Text } from '@mantine/core';

const DISABLED_THUMB = {
  display: 'flex',
  cursor: 'not-allowed',
  borderColor: 'var(--mantine-color-gray-5)',
  backgroundColor: 'var(--mantine-color-gray-1)',
} as const;

type Props = {
  /** The line's name as shown (Memory, Disk, Processor, or the disk to add). */
  label: string;
  testId: string;
  unit: string;
  value: number;
  min: number;
  max: number;
  step: number;
  onChange: (value: number) => void;
  /** The line's price in the bill (formatted with its currency). */
  cost: string;
  disabled: boolean;
  /** Why the slider cannot move, or what it is for, beneath it. */
  note?: string | null;
};

/**
 * One size of the update screen (vm-lifecycle.md §2.3): a slider (min, max, step), the count with
 * its unit and the line's cost, both read-only. The thumb is named after the line.
 */
export function SizeSlider({
  label,
  testId,
  unit,
  value,
  min,
  max,
  step,
  onChange,
  cost,
  disabled,
  note,
}: Props) {
  const noteId = useId();
  const amount = `${value} ${unit}`;
  return (
    <Stack gap={6} data-testid={testId}>
      <Group justify="space-between" align="baseline" gap="xs" wrap="nowrap">
        <Text fw={600}>{label}</Text>
        <Group gap="md" wrap="nowrap" align="baseline">
          <Text fw={600} data-testid="specification-count" aria-live="polite">
            {amount}
          </Text>
          <Text size="sm" c="dimmed" data-testid="specification-cost">
            {cost}
          </Text>
        </Group>
      </Group>
      <Slider
        min={min}
        max={Math.max(max, min)}
        step={step > 0 ? step : 1}
        value={value}
        onChange={onChange}
        disabled={disabled || max <= min}
        styles={disabled || max <= min ? { thumb: DISABLED_THUMB } : undefined}
        label={(current) => `${current} ${unit}`}
        thumbLabel={label}
        thumbValueText={(current) => `${current} ${unit}`}
        thumbProps={note ? { 'aria-describedby': noteId } : undefined}
        marks={[
          { value: min, label: `${min}` },
          { value: Math.max(max, min), label: `${Math.max(max, min)}` },
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

import type { ReactNode } from 'react';
import { Box, SimpleGrid, Text, type SimpleGridProps } from '@mantine/core';

/** A value is text, or an element where it needs one (a status badge, a `<time>`). */
export type Fact = { label: string; value: ReactNode };

type Props = Pick<SimpleGridProps, 'cols' | 'spacing' | 'verticalSpacing' | 'mt'> & {
  facts: readonly Fact[];
  /**
   * `plain`: grey terms over the values (a catalogue card); `caption`: small capitals over bold
   * values (a summary).
   */
  variant: 'plain' | 'caption';
  valueSize?: 'sm' | 'md';
};

/** A product's specifications (RAM, disk, CPU, OS…) as a description list, in a grid. */
export function FactList({ facts, variant, valueSize = 'sm', ...grid }: Props) {
  const isCaption = variant === 'caption';
  return (
    <SimpleGrid component="dl" m={0} {...grid}>
      {facts.map((fact) => (
        <Box key={fact.label} miw={0}>
          <Text
            component="dt"
            size={isCaption ? 'xs' : 'sm'}
            c="dimmed"
            tt={isCaption ? 'uppercase' : undefined}
            fw={isCaption ? 600 : undefined}
          >
            {fact.label}
          </Text>
          <Text
            component="dd"
            m={0}
            size={valueSize}
            fw={isCaption ? 600 : 500}
            style={{ overflowWrap: 'anywhere' }}
          >
            {fact.value}
          </Text>
        </Box>
      ))}
    </SimpleGrid>
  );
}

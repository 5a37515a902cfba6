import type { ReactNode } from 'react';
import { SimpleGrid, type SimpleGridProps } from '@mantine/core';

type Props = { cols: SimpleGridProps['cols']; testId?: string; children: ReactNode };

const LIST_RESET = { listStyle: 'none', padding: 0, margin: 0 };

/** Cards in a grid that is a list (`<ul>`, its items `<li>`s), without bullets or indent. */
export function ListGrid({ cols, testId, children }: Props) {
  return (
    <SimpleGrid cols={cols} spacing="lg" component="ul" style={LIST_RESET} data-testid={testId}>
      {children}
    </SimpleGrid>
  );
}

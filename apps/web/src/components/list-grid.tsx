import type { ReactNode } from 'react';
import { SimpleGrid, type SimpleGridProps } from '@mantine/core';

/** Cards three to a row on wide screens, two on tablets, one on phones. */
export const CARD_COLUMNS: SimpleGridProps['cols'] = { base: 1, sm: 2, lg: 3 };

type Props = { cols?: SimpleGridProps['cols']; testId?: string; children: ReactNode };

const LIST_RESET = { listStyle: 'none', padding: 0, margin: 0 };

/** Cards in a grid that is a list (`<ul>`, its items `<li>`s), without bullets or indent. */
export function ListGrid({ cols = CARD_COLUMNS, testId, children }: Props) {
  return (
    <SimpleGrid cols={cols} spacing="lg" component="ul" style={LIST_RESET} data-testid={testId}>
      {children}
    </SimpleGrid>
  );
}

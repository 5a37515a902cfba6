import { SimpleGrid, Skeleton } from '@mantine/core';
import { CARD_COLUMNS } from './list-grid';

type Props = { count?: number; height: number };

/** Stand-in cards while a list loads, laid out as the cards will be. */
export function CardGridSkeleton({ count = 3, height }: Props) {
  return (
    <SimpleGrid cols={CARD_COLUMNS} spacing="lg" aria-hidden data-testid="cards-loading">
      {Array.from({ length: count }, (_, index) => (
        <Skeleton key={index} height={height} radius="lg" />
      ))}
    </SimpleGrid>
  );
}

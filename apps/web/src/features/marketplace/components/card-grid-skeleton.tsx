import { SimpleGrid, Skeleton } from '@mantine/core';

type Props = { count: number; height: number };

/** Stand-in cards while a list loads, laid out as the cards will be. */
export function CardGridSkeleton({ count, height }: Props) {
  return (
    <SimpleGrid
      cols={{ base: 1, sm: 2, lg: 3 }}
      spacing="lg"
      aria-hidden
      data-testid="cards-loading"
    >
      {Array.from({ length: count }, (_, index) => (
        <Skeleton key={index} height={height} radius="lg" />
      ))}
    </SimpleGrid>
  );
}

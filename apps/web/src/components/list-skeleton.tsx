import { Skeleton, Stack, VisuallyHidden } from '@mantine/core';

type Props = { count: number; height: number; label: string; testId: string };

/** Grey rows where a list's rows will be, announced to screen readers as loading. */
export function ListSkeleton({ count, height, label, testId }: Props) {
  return (
    <Stack gap="sm" aria-busy="true" data-testid={testId}>
      <VisuallyHidden>{label}</VisuallyHidden>
      {Array.from({ length: count }, (_, index) => (
        <Skeleton key={index} height={height} radius="md" />
      ))}
    </Stack>
  );
}

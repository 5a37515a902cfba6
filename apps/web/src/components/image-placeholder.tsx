import { Center } from '@mantine/core';
import { IconPhoto } from '@tabler/icons-react';

type Props = { label: string; height: number | string };

/** Stands in for a missing picture ('NA' or null): a neutral frame with an icon. */
export function ImagePlaceholder({ label, height }: Props) {
  return (
    <Center role="img" aria-label={label} h={height} bg="gray.1" c="gray.5">
      <IconPhoto size={48} stroke={1.25} aria-hidden />
    </Center>
  );
}

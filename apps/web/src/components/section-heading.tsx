import type { ReactNode } from 'react';
import { Stack, Text, Title } from '@mantine/core';

type Props = { id: string; title: ReactNode; description?: string; align?: 'left' | 'center' };

/** A home-page section's heading (h2) with an optional line of introduction. */
export function SectionHeading({ id, title, description, align = 'center' }: Props) {
  return (
    <Stack gap={6} ta={align} align={align === 'center' ? 'center' : 'flex-start'} mb="xl">
      <Title order={2} id={id} fz={{ base: 26, md: 32 }}>
        {title}
      </Title>
      {description && (
        <Text c="dimmed" maw={640}>
          {description}
        </Text>
      )}
    </Stack>
  );
}

import { Avatar, type AvatarProps } from '@mantine/core';

type Props = Omit<AvatarProps, 'name' | 'color'> & { name: string; alt?: string };

/**
 * The customer's picture, or their initials on a colour chosen from their name. Mantine draws
 * initials in the colour's own shade (about 4.4:1 on its tint); dark initials keep WCAG AA's
 * 4.5:1 on every tint.
 */
export function CustomerAvatar({ name, ...props }: Props) {
  return (
    <Avatar
      {...props}
      name={name}
      color="initials"
      styles={{ placeholder: { color: 'var(--mantine-color-dark-7)' } }}
    />
  );
}

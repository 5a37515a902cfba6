import type { ReactNode } from 'react';
import { Button, type ButtonProps } from '@mantine/core';

type Props = ButtonProps & {
  /** While the form's request runs: the button spins and cannot send it twice. */
  isPending: boolean;
  children: ReactNode;
};

/** A form's submit button. */
export function SubmitButton({ isPending, ...props }: Props) {
  return <Button type="submit" loading={isPending} disabled={isPending} {...props} />;
}

import { useId, type MouseEvent, type ReactNode } from 'react';
import { Button, Tooltip, VisuallyHidden, type ButtonProps } from '@mantine/core';

type Props = ButtonProps & {
  children: ReactNode;
  onClick?: () => void;
  /** Why the action is not available now: the button stays focusable and says so on hover and focus. */
  unavailableReason?: string | null;
  'aria-label'?: string;
  'data-testid'?: string;
};

/**
 * A button that, when its action is not available, stays in the tab order with
 * `aria-disabled` and shows why in a tooltip (the spec's blocked texts) and to screen readers,
 * which a `disabled` button could not: it takes no focus and fires no events.
 */
export function GuardedButton({ unavailableReason, onClick, children, ...props }: Props) {
  const reasonId = useId();
  if (!unavailableReason) {
    return (
      <Button {...props} onClick={onClick}>
        {children}
      </Button>
    );
  }
  return (
    <>
      <Tooltip
        label={unavailableReason}
        multiline
        maw={280}
        events={{ hover: true, focus: true, touch: true }}
      >
        <Button
          {...props}
          data-disabled
          aria-disabled="true"
          aria-describedby={reasonId}
          data-unavailable-reason={unavailableReason}
          onClick={(event: MouseEvent) => event.preventDefault()}
        >
          {children}
        </Button>
      </Tooltip>
      <VisuallyHidden id={reasonId}>{unavailableReason}</VisuallyHidden>
    </>
  );
}

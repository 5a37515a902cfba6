import { VisuallyHidden } from '@mantine/core';

type Props = { messages: string[] };

/**
 * A live region that is always in the page, so screen readers read a form's errors after a
 * failed submit (each field also shows its own message and is marked invalid).
 */
export function FormErrorAnnouncer({ messages }: Props) {
  return (
    <VisuallyHidden role="status" aria-live="polite" aria-atomic="true">
      {messages.join('. ')}
    </VisuallyHidden>
  );
}

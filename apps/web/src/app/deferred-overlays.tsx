import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import '@mantine/notifications/styles.css';

/**
 * Toasts and the shared dialogs, loaded just after the first paint so they stay out of the first
 * download. Toasts shown earlier wait in the notifications store and appear as soon as this
 * mounts. Open shared dialogs with the static `modals.*` API: this provider listens for it.
 */
export function DeferredOverlays() {
  return (
    <>
      <Notifications position="top-right" limit={4} zIndex={1300} />
      <ModalsProvider />
    </>
  );
}

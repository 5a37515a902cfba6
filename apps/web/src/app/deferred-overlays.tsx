import { Notifications } from '@mantine/notifications';
import '@mantine/notifications/styles.css';
import classes from './deferred-overlays.module.css';

/**
 * Toasts, loaded with the first toast (providers.tsx) so they stay out of the first download.
 * Toasts shown earlier wait in the notifications store and appear as soon as this mounts. (The shared dialogs'
 * ModalsProvider is not mounted: nothing uses it yet, and it would add a dialog and scroll area to
 * every first visit. The feature that first needs `modals.*` should load it on demand.)
 */
export function DeferredOverlays() {
  return <Notifications position="top-right" limit={4} zIndex={1300} className={classes.toasts} />;
}

import i18next from 'i18next';
import { notifications } from '@mantine/notifications';

type Toast = { message: string; title?: string; id?: string };

/** Mantine's close button has no name of its own; a screen reader would hear just "button". */
const closeButtonProps = () => ({ 'aria-label': i18next.t('common.close') });

export function showSuccessToast({ message, title, id }: Toast): void {
  notifications.show({
    id,
    message,
    title,
    color: 'teal',
    withBorder: true,
    closeButtonProps: closeButtonProps(),
  });
}

export function showErrorToast({ message, title, id }: Toast): void {
  notifications.show({
    id,
    message,
    title,
    color: 'red',
    withBorder: true,
    autoClose: 8000,
    closeButtonProps: closeButtonProps(),
  });
}

import { notifications } from '@mantine/notifications';

type Toast = { message: string; title?: string; id?: string };

export function showSuccessToast({ message, title, id }: Toast): void {
  notifications.show({ id, message, title, color: 'teal', withBorder: true });
}

export function showErrorToast({ message, title, id }: Toast): void {
  notifications.show({ id, message, title, color: 'red', withBorder: true, autoClose: 8000 });
}

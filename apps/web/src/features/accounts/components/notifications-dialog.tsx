import {
  Badge,
  Button,
  EmptyState,
  Group,
  Modal,
  ScrollArea,
  Skeleton,
  Stack,
  Text,
  VisuallyHidden,
} from '@mantine/core';
import { IconBellOff, IconChecks } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { QueryErrorAlert } from '@/components/query-error-alert';
import { useFormatDate } from '@/lib/format-date';
import { showErrorToast } from '@/lib/notify';
import { useUserNotifications } from '../api/get-user-notifications';
import { useUpdateUserNotification } from '../api/update-user-notification';
import { useAccountMessages } from '@/lib/use-account-messages';
import classes from './notifications-dialog.module.css';

/** portal.md §9: the list scrolls at 320 px. */
const LIST_HEIGHT = 320;

type Props = { opened: boolean; onClose: () => void };

/**
 * portal.md §2, §4: the notification texts, newest first, unread ones marked; 'Mark all as read'
 * sends the IDs of the unread ones (nothing when there are none) and reloads the list.
 */
export function NotificationsDialog({ opened, onClose }: Props) {
  const { t } = useTranslation('accounts');
  const formatDate = useFormatDate();
  const notifications = useUserNotifications();
  const markRead = useUpdateUserNotification();
  const { translateError } = useAccountMessages();

  const handleMarkAllRead = () => {
    const unreadIds = (notifications.data?.notifications ?? [])
      .filter((notification) => notification.isViewed === 0)
      .map((notification) => notification.ID);
    if (unreadIds.length === 0) return;
    markRead.mutate(unreadIds, {
      onError: (error) => showErrorToast({ message: translateError(error) }),
    });
  };

  const list = notifications.data?.notifications ?? [];
  const unreadCount = notifications.data?.newNotificationCount ?? 0;

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('notifications.title')}
      size="md"
      centered={false}
      attributes={{ content: { 'data-testid': 'notifications-dialog' } }}
    >
      <Stack gap="md">
        {notifications.isPending ? (
          <Stack gap="sm" aria-busy="true">
            {[0, 1, 2].map((index) => (
              <Skeleton key={index} height={48} radius="md" />
            ))}
          </Stack>
        ) : notifications.isError && !notifications.data ? (
          <QueryErrorAlert
            title={t('notifications.loadError')}
            message={translateError(notifications.error)}
            onRetry={() => void notifications.refetch()}
            isRetrying={notifications.isRefetching}
          />
        ) : list.length === 0 ? (
          <EmptyState
            icon={<IconBellOff size={28} aria-hidden />}
            withIndicatorBackground
            title={t('notifications.emptyTitle')}
            description={t('notifications.emptyText')}
            data-testid="notifications-empty"
          />
        ) : (
          <ScrollArea.Autosize
            mah={LIST_HEIGHT}
            type="auto"
            offsetScrollbars
            viewportProps={{ tabIndex: 0, 'aria-label': t('notifications.listLabel') }}
          >
            <ul className={classes.list} data-testid="notifications-list">
              {list.map((notification) => {
                const isUnread = notification.isViewed === 0;
                return (
                  <li
                    key={notification.ID}
                    className={classes.item}
                    data-unread={isUnread || undefined}
                  >
                    {isUnread && <span className={classes.dot} aria-hidden />}
                    <div>
                      <Text
                        size="sm"
                        fw={isUnread ? 600 : 400}
                        style={{ overflowWrap: 'anywhere' }}
                      >
                        {isUnread && <VisuallyHidden>{t('notifications.unread')}: </VisuallyHidden>}
                        {notification.notificationDetail}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {formatDate(notification.createdAt)}
                      </Text>
                    </div>
                  </li>
                );
              })}
            </ul>
          </ScrollArea.Autosize>
        )}
        <Group justify="space-between" gap="sm">
          <Badge variant="light" color={unreadCount > 0 ? 'red' : 'gray'} aria-live="polite">
            {t('notifications.unreadCount', { count: unreadCount })}
          </Badge>
          <Button
            variant="light"
            leftSection={<IconChecks size={18} aria-hidden />}
            onClick={handleMarkAllRead}
            loading={markRead.isPending}
            disabled={markRead.isPending || notifications.isPending}
          >
            {t('notifications.markAllRead')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

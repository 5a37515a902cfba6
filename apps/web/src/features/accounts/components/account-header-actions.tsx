import { useState } from 'react';
import { Link } from 'react-router';
import { ActionIcon, Indicator, Tooltip } from '@mantine/core';
import { IconBell, IconLogout } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { TSessionUser } from '@cloud-portal/contract/accounts/session';
import { toAssetUrl } from '@/lib/asset-url';
import { lazyDialog } from '@/lib/lazy-dialog';
import { useUserNotifications } from '../api/get-user-notifications';
import classes from './account-header-actions.module.css';
import { CustomerAvatar } from './customer-avatar';

type Props = { user: TSessionUser };

// Neither dialog is in the chunk every signed-in page loads: each loads when a pointer or the
// keyboard reaches its button, or at the latest when it opens.
const notificationsDialog = lazyDialog(
  () => import('./notifications-dialog'),
  (module) => module.NotificationsDialog,
  (props) => props.opened,
);
const logoutDialog = lazyDialog(
  () => import('./logout-dialog'),
  (module) => module.LogoutDialog,
  (props) => props.opened,
);

/**
 * portal.md §2, the header of a signed-in customer: the notification bell with the unread count,
 * the profile icon with first and last name (to /customerprofile/2), and logout.
 */
export function AccountHeaderActions({ user }: Props) {
  const { t } = useTranslation('accounts');
  const notifications = useUserNotifications();
  const [isNotificationsOpen, setIsNotificationsOpen] = useState(false);
  const [isLogoutOpen, setIsLogoutOpen] = useState(false);
  const unread = notifications.data?.newNotificationCount ?? 0;
  const fullName = `${user.firstName} ${user.lastName}`.trim();

  return (
    <div className={classes.actions} data-testid="account-header-actions">
      <Tooltip label={t('header.notifications')} openDelay={400}>
        <Indicator
          label={unread > 99 ? '99+' : unread}
          disabled={unread === 0}
          size={18}
          offset={7}
          color="red"
          withBorder
          data-testid="notification-count"
        >
          <ActionIcon
            variant="subtle"
            color="gray"
            size="lg"
            radius="xl"
            aria-label={t('header.notificationsLabel', { count: unread })}
            aria-haspopup="dialog"
            onPointerEnter={notificationsDialog.preload}
            onFocus={notificationsDialog.preload}
            onClick={() => {
              setIsNotificationsOpen(true);
              void notifications.refetch();
            }}
          >
            <IconBell size={22} aria-hidden />
          </ActionIcon>
        </Indicator>
      </Tooltip>
      <Link
        to="/customerprofile/2"
        className={classes.profileLink}
        title={fullName}
        data-testid="header-profile-link"
      >
        <CustomerAvatar
          src={toAssetUrl(user.imagePath)}
          name={fullName}
          alt=""
          size={32}
          radius="xl"
          aria-hidden
        />
        <span className={classes.profileName}>{fullName}</span>
      </Link>
      <Tooltip label={t('header.logout')} openDelay={400}>
        <ActionIcon
          variant="subtle"
          color="gray"
          size="lg"
          radius="xl"
          aria-label={t('header.logout')}
          aria-haspopup="dialog"
          onPointerEnter={logoutDialog.preload}
          onFocus={logoutDialog.preload}
          onClick={() => setIsLogoutOpen(true)}
        >
          <IconLogout size={22} aria-hidden />
        </ActionIcon>
      </Tooltip>
      <notificationsDialog.Dialog
        opened={isNotificationsOpen}
        onClose={() => setIsNotificationsOpen(false)}
      />
      <logoutDialog.Dialog opened={isLogoutOpen} onClose={() => setIsLogoutOpen(false)} />
    </div>
  );
}

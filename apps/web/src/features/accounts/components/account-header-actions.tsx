import { useState } from 'react';
import { Link } from 'react-router';
import { ActionIcon, Indicator, Tooltip } from '@mantine/core';
import { IconBell, IconLogout } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { TSessionUser } from '@cloud-portal/contract/accounts/session';
import { toAssetUrl } from '@/lib/asset-url';
import { useUserNotifications } from '../api/get-user-notifications';
import { LogoutDialog } from './logout-dialog';
import { NotificationsDialog } from './notifications-dialog';
import classes from './account-header-actions.module.css';
import { CustomerAvatar } from './customer-avatar';

type Props = { user: TSessionUser };

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
          onClick={() => setIsLogoutOpen(true)}
        >
          <IconLogout size={22} aria-hidden />
        </ActionIcon>
      </Tooltip>
      <NotificationsDialog
        opened={isNotificationsOpen}
        onClose={() => setIsNotificationsOpen(false)}
      />
      <LogoutDialog opened={isLogoutOpen} onClose={() => setIsLogoutOpen(false)} />
    </div>
  );
}

import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { TUserNotificationResponse } from '@cloud-portal/contract/accounts/notifications';
import type { Database } from '../../db/client';
import { notifications } from '../../db/schema/accounts';

const LIST_LIMIT = 50;

/** The newest 50 and the count of all unread. */
export async function listNotifications(
  db: Database,
  customerId: number,
): Promise<TUserNotificationResponse> {
  const [rows, [unread]] = await Promise.all([
    db
      .select()
      .from(notifications)
      .where(eq(notifications.customerId, customerId))
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .limit(LIST_LIMIT),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(notifications)
      .where(and(eq(notifications.customerId, customerId), eq(notifications.isViewed, false))),
  ]);
  return {
    notifications: rows.map((row) => ({
      ID: row.id,
      notificationDetail: row.detail,
      isViewed: row.isViewed ? 1 : 0,
      createdAt: row.createdAt.toISOString(),
    })),
    newNotificationCount: unread?.total ?? 0,
  };
}

/** Marks the customer's own notifications read; IDs of anyone else's are ignored. */
export async function markNotificationsRead(
  db: Database,
  customerId: number,
  ids: number[],
): Promise<number> {
  const updated = await db
    .update(notifications)
    .set({ isViewed: true })
    .where(and(eq(notifications.customerId, customerId), inArray(notifications.id, ids)))
    .returning({ id: notifications.id });
  return updated.length;
}

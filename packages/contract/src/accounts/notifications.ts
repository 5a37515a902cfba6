import { z } from 'zod';

/** GET /api/userNotification: the customer's notifications, newest first, and how many are unread. */
const ZNotification = z.object({
  ID: z.number().int(),
  notificationDetail: z.string(),
  /** 0 unread, 1 read (the spec's values). */
  isViewed: z.union([z.literal(0), z.literal(1)]),
  createdAt: z.string(),
});

export const ZUserNotificationResponse = z.object({
  notifications: z.array(ZNotification),
  newNotificationCount: z.number().int(),
});
export type TUserNotificationResponse = z.infer<typeof ZUserNotificationResponse>;

/** POST /api/notification/updateUserNotification: mark these (unread) notifications read. */
export const ZUpdateUserNotificationRequest = z.object({
  notification: z.array(z.coerce.number().int().positive()).min(1).max(200),
});
export type TUpdateUserNotificationRequest = z.input<typeof ZUpdateUserNotificationRequest>;

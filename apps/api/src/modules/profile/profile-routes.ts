import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { zEnvelope } from '@cloud-portal/contract/envelope-schema';
import {
  IMAGE_REMOVED,
  IMAGE_UPLOADED,
  OPEN_NEBULA_NOT_CONNECTED,
  PROFILE_IMAGE_INVALID,
  PROFILE_IMAGE_MAX_BYTES,
  PROFILE_IMAGE_TOO_LARGE,
  PROFILE_UPDATED,
  ZRegisterUserOpenNebulaRequest,
  ZUpdateUserProfileRequest,
  ZUserProfileInfoResponse,
} from '@cloud-portal/contract/accounts/profile';
import {
  ZUpdateUserNotificationRequest,
  ZUserNotificationResponse,
} from '@cloud-portal/contract/accounts/notifications';
import type { AppDeps } from '../../app-deps';
import { AppError } from '../../errors';
import { errorResponses, ok } from '../../http/envelope';
import { actorOf, requireActor } from '../../http/request-context';
import { listNotifications, markNotificationsRead } from '../accounts/notifications';
import { getProfile, removeProfileImage, updateProfile, updateProfileImage } from './profile';
import { acceptingUploads, readFormWithFile } from '../../http/multipart-uploads';

/** The profile image form is its file: a text field sent beside it is checked, then ignored. */
const NO_FIELDS = z.object({});

/** The signed-in customer's profile and notifications. Every call needs a session of this site. */
export function profileRoutes({ db, customerCaches, uploadsDir }: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('preValidation', requireActor('customer'));

    const profileAnswer = zEnvelope(ZUserProfileInfoResponse);
    app.get(
      '/profileSetting/userProfileInfo',
      {
        schema: {
          tags: ['profile'],
          summary: "The customer's details and the country list",
          response: { 200: profileAnswer, ...errorResponses },
        },
      },
      async (request, reply) => {
        const actor = actorOf(request, 'customer');
        return customerCaches.send(reply, actor, 'userProfileInfo', profileAnswer, async () =>
          ok(await getProfile(db, actor.company, actor.customer)),
        );
      },
    );

    app.post(
      '/profileSetting/updateUserProfile',
      {
        schema: {
          tags: ['profile'],
          summary: 'Update personal information and billing address',
          body: ZUpdateUserProfileRequest,
          response: { 200: zEnvelope(z.null()), ...errorResponses },
        },
      },
      async (request) => {
        await updateProfile(db, actorOf(request, 'customer').customer, request.body);
        return ok(null, PROFILE_UPDATED);
      },
    );

    await app.register(
      acceptingUploads(async (uploads) => {
        uploads.post(
          '/profileSetting/updateProfileImage',
          {
            schema: {
              tags: ['profile'],
              summary:
                'Replace the profile image (multipart field `image`: PNG, JPEG or WebP, ≤ 5 MB)',
              consumes: ['multipart/form-data'],
              response: { 200: zEnvelope(z.object({ imagePath: z.string() })), ...errorResponses },
            },
          },
          async (request) => {
            const { file: upload } = await readFormWithFile(request, {
              schema: NO_FIELDS,
              fileField: 'image',
              notMultipartMessage: PROFILE_IMAGE_INVALID,
              tooLargeMessage: PROFILE_IMAGE_TOO_LARGE,
              limits: { fileSize: PROFILE_IMAGE_MAX_BYTES, fields: 5 },
            });
            if (!upload) throw new AppError(400, PROFILE_IMAGE_INVALID);
            const actor = actorOf(request, 'customer');
            const imagePath = await updateProfileImage(
              db,
              uploadsDir,
              actor.company,
              actor.customer,
              upload,
            );
            return ok({ imagePath }, IMAGE_UPLOADED);
          },
        );
      }),
    );

    app.get(
      '/profileSetting/removeProfileImage',
      {
        // A GET that changes state (the spec's): it needs the CSRF header like a POST.
        config: { csrfOnGet: true },
        schema: {
          tags: ['profile'],
          summary: 'Remove the profile image (needs the X-CSRF-Token header)',
          response: { 200: zEnvelope(z.null()), ...errorResponses },
        },
      },
      async (request) => {
        await removeProfileImage(db, uploadsDir, actorOf(request, 'customer').customer);
        return ok(null, IMAGE_REMOVED);
      },
    );

    app.post(
      '/profileSetting/registerUserOpenNebula',
      {
        schema: {
          tags: ['profile'],
          summary: 'Register on an Open Nebula cloud: 422, none is connected to this portal',
          description:
            'The spec’s call (payload ID). No Open Nebula cloud is driven by this portal, so there is no account to create: it answers 422 with the reason (ADR 026). A machine’s access details come from vmAction/viewVM.',
          body: ZRegisterUserOpenNebulaRequest,
          response: { 200: zEnvelope(z.null()), ...errorResponses },
        },
      },
      async () => {
        throw new AppError(422, OPEN_NEBULA_NOT_CONNECTED);
      },
    );

    app.get(
      '/userNotification',
      {
        schema: {
          tags: ['profile'],
          summary: "The customer's notifications, newest first, and the unread count",
          response: { 200: zEnvelope(ZUserNotificationResponse), ...errorResponses },
        },
      },
      async (request) => ok(await listNotifications(db, actorOf(request, 'customer').customerId)),
    );

    app.post(
      '/notification/updateUserNotification',
      {
        schema: {
          tags: ['profile'],
          summary: 'Mark notifications read',
          body: ZUpdateUserNotificationRequest,
          response: { 200: zEnvelope(z.object({ updated: z.number().int() })), ...errorResponses },
        },
      },
      async (request) =>
        ok({
          updated: await markNotificationsRead(
            db,
            actorOf(request, 'customer').customerId,
            request.body.notification,
          ),
        }),
    );
  };
}

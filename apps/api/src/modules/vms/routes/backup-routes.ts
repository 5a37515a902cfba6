import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { zEnvelope } from '@cloud-portal/contract/envelope-schema';
import { ZOrderResponse } from '@cloud-portal/contract/orders/create-order';
import { orderMessages } from '@cloud-portal/contract/orders/order-messages';
import { backupMessages, type BackupKind } from '@cloud-portal/contract/vms/backup-pricing';
import {
  ZBackupDeletedResponse,
  ZDeleteCloneVmRequest,
  ZDeleteSnapshotRequest,
  ZRestoreCloneVmRequest,
  ZRestoreCloneVmResponse,
  ZViewCloneVmRequest,
  ZViewCloneVmResponse,
  ZVmBackupsPage,
  ZVmBackupsQuery,
} from '@cloud-portal/contract/vms/backups';
import {
  ZCloneVmDetailResponse,
  ZCreateCloneOrderRequest,
  ZVmDetailRequest,
} from '@cloud-portal/contract/vms/clone-vm';
import type { AppDeps } from '../../../app-deps';
import { errorResponses, ok } from '../../../http/envelope';
import { perAddress, perCustomer } from '../../../http/rate-limits';
import { actorOf, requireActor } from '../../../http/request-context';
import type { OrderDeps } from '../../orders/place-order';
import { placedFrom } from '../../orders/order-request';
import { toOrderResponse } from '../../orders/serializers';
import { deleteBackup, listVmBackups, restoreBackup, viewCloneVm } from '../actions/backups';
import { createCloneOrder, getCloneVmDetail } from '../orders/clone-vm';

const KIND_PATHS: { kind: BackupKind; detail: string; order: string }[] = [
  {
    kind: 'Clone',
    detail: '/virtualMachine/getVMDetailForCloneVm',
    order: '/virtualMachine/createOrderForcloneVM',
  },
  {
    kind: 'Snapshot',
    detail: '/virtualMachine/getVMDetailForSnapshotVm',
    order: '/virtualMachine/createOrderForSnapshotVM',
  },
];

/**
 * Clones and snapshots (vm-lifecycle.md §2.2, §2.7, §7, §8; ADR 019): the screens' detail and
 * order calls (kind 2), the backups list and the backup actions. Customers only; another
 * customer's or company's machine or backup is 404.
 */
export function backupRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const orderDeps: OrderDeps = {
    db: deps.db,
    jobs: deps.jobs,
    credentialsKey: deps.credentialsKey,
    gatewayHttp: deps.gatewayHttp,
    orderExpiryMs: deps.config.orderExpiryMs,
  };
  const backupDeps = { db: deps.db, hypervisors: deps.hypervisors };
  return async (app) => {
    app.addHook('preValidation', requireActor('customer'));

    for (const { kind, detail, order } of KIND_PATHS) {
      app.post(
        detail,
        {
          schema: {
            tags: ['vms'],
            summary: `What the ${kind.toLowerCase()} screen needs: the machine, its catalogue and the bill of 1 day`,
            description:
              "productID is the machine's id. 403 with the blocked tooltip ('…not able to clone the VM.'); 409 for a machine that is itself a clone or is not running or shut off; 404 for another customer's machine or a product no longer sold. drive_Cost_PerUnit is the Disk cost per unit for 30 days (per hour: / 720).",
            body: ZVmDetailRequest,
            response: { 200: zEnvelope(ZCloneVmDetailResponse), ...errorResponses },
          },
        },
        async (request) =>
          ok(
            await getCloneVmDetail(
              deps.db,
              actorOf(request, 'customer'),
              request.body.productID,
              kind,
            ),
          ),
      );

      app.post(
        order,
        {
          config: perAddress(30),
          schema: {
            tags: ['vms'],
            summary: 'Order a clone or snapshot of a machine (comes-from 2)',
            description:
              "cloneOptionType (Clone or Snapshot) decides what is made; both paths take both. The server prices disk × drive cost per unit × hours (+ tax): a totalAmount that is not its quote answers 409 with data.quote. 'Please select duration days' / 'Please select clone vm type' (400); 403 blocked; 409 for a clone or a machine that is not running or shut off; 422 for a gateway not offered. The answer is the order response (vmIDs: the machine).",
            body: ZCreateCloneOrderRequest,
            response: { 200: zEnvelope(ZOrderResponse), ...errorResponses },
          },
        },
        async (request) => {
          const customer = actorOf(request, 'customer');
          const from = placedFrom(request, customer);
          const placed = await createCloneOrder(orderDeps, customer, request.body, from);
          return ok(
            toOrderResponse(placed.order, {
              websiteUrl: from.origin,
              countryCode: placed.countryCode,
              customerEmail: customer.customer.email,
              licenceRequired: false,
              start: placed.start,
              vmIds: placed.vmIds,
            }),
            orderMessages.orderCreated,
          );
        },
      );
    }

    app.get(
      '/vmAction/vmBackups',
      {
        schema: {
          tags: ['vms'],
          summary:
            "One page of a machine's clones and snapshots (or all the customer's), newest first",
          description:
            "§3 'Clone or snapshot row' plus ID, status and expiresAt; deleted ones left out. 404 for another customer's machine.",
          querystring: ZVmBackupsQuery,
          response: { 200: zEnvelope(ZVmBackupsPage), ...errorResponses },
        },
      },
      async (request) =>
        ok(await listVmBackups(deps.db, actorOf(request, 'customer'), request.query)),
    );

    app.post(
      '/vmAction/viewCloneVM',
      {
        config: perCustomer(10),
        schema: {
          tags: ['vms'],
          summary: "A clone's access details, with a fresh one-time password",
          description:
            'Never cached (Cache-Control: no-store); the password is neither stored in clear nor logged. 400 for a snapshot (no machine to reach); 403 when the machine it was taken of is blocked; 409 while it is being made.',
          body: ZViewCloneVmRequest,
          response: { 200: zEnvelope(ZViewCloneVmResponse), ...errorResponses },
        },
      },
      async (request, reply) => {
        void reply.header('cache-control', 'no-store');
        const customer = actorOf(request, 'customer');
        return ok(
          await viewCloneVm(backupDeps, customer, {
            uuid: request.body.virDomainUUID,
            portalUrl: customer.company.portalUrl,
          }),
        );
      },
    );

    app.post(
      '/vmAction/deleteCloneVirtualMachine',
      {
        config: perCustomer(30),
        schema: {
          tags: ['vms'],
          summary: 'Delete a clone (its machine must be shut off)',
          description:
            "400 'Virtual machine must be shut off to perform this operation.' unless the machine it was taken of is shut off. Of two deletes at once one answers 200 and the other 404.",
          body: ZDeleteCloneVmRequest,
          response: { 200: zEnvelope(ZBackupDeletedResponse), ...errorResponses },
        },
      },
      async (request) => {
        await deleteBackup(
          backupDeps,
          actorOf(request, 'customer'),
          request.body.cloneVMUUID,
          'clone',
        );
        return ok(
          { cloneUUID: request.body.cloneVMUUID, isCloneOrSnapshot: 'Clone', status: 'deleted' },
          backupMessages.cloneDeleted,
        );
      },
    );

    app.post(
      '/vmAction/deleteSnapshot',
      {
        config: perCustomer(30),
        schema: {
          tags: ['vms'],
          summary: 'Delete a snapshot (its machine must be shut off)',
          description:
            "snapshotVMUUID (or SnapshotVMUUID). 400 'Virtual machine must be shut off to perform this operation.' unless the machine is shut off. Of two deletes at once one answers 200 and the other 404.",
          body: ZDeleteSnapshotRequest,
          response: { 200: zEnvelope(ZBackupDeletedResponse), ...errorResponses },
        },
      },
      async (request) => {
        await deleteBackup(
          backupDeps,
          actorOf(request, 'customer'),
          request.body.snapshotVMUUID,
          'snapshot',
        );
        return ok(
          {
            cloneUUID: request.body.snapshotVMUUID,
            isCloneOrSnapshot: 'Snapshot',
            status: 'deleted',
          },
          backupMessages.snapshotDeleted,
        );
      },
    );

    app.post(
      '/virtualMachine/restoreCloneVM',
      {
        config: perCustomer(10),
        schema: {
          tags: ['vms'],
          summary: 'Restore a clone (a machine of its own) or a snapshot (its machine rolls back)',
          description:
            "Success 'Clone Virtual Machine restored successfully.'; failure 400 'Unable to restore Clone Virtual Machine. Try again in sometime.' (also for the loser of two restores at once). A snapshot needs its machine shut off (400 otherwise). 403 when the machine is blocked.",
          body: ZRestoreCloneVmRequest,
          response: { 200: zEnvelope(ZRestoreCloneVmResponse), ...errorResponses },
        },
      },
      async (request) => {
        const restored = await restoreBackup(
          backupDeps,
          actorOf(request, 'customer'),
          request.body.cloneVmUUID,
        );
        return ok(
          restored,
          restored.isCloneOrSnapshot === 'Clone'
            ? backupMessages.cloneRestored
            : backupMessages.snapshotRestored,
        );
      },
    );
  };
}

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { zEnvelope } from '@cloud-portal/contract/envelope-schema';
import { ZArchivedVmsPage, ZArchivedVmsQuery } from '@cloud-portal/contract/vms/archived-vms';
import { ZRenewalVmsPage, ZRenewalVmsQuery } from '@cloud-portal/contract/vms/renewals';
import {
  RESTORE_ARCHIVE_SUCCESS,
  ZRestoreArchiveVmRequest,
  ZRestoreArchiveVmResponse,
} from '@cloud-portal/contract/vms/restore-archive-vm';
import type { AppDeps } from '../../../app-deps';
import { errorResponses, ok } from '../../../http/envelope';
import { perAddress } from '../../../http/rate-limits';
import { actorOf, requireActor } from '../../../http/request-context';
import { restoreArchiveVmForCustomer } from '../lifecycle/archive-restore';
import { listArchivedVms } from '../queries/archived-vms';
import { listRenewalVms } from '../queries/renewal-vms';

/** vm-lifecycle.md §2.7 Renewals and Archived, and restoreArchiveVM (ADR 017). */
export function lifecycleRoutes({ db, hypervisors, jobs }: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('preValidation', requireActor('customer'));

    app.get(
      '/vmAction/renewalVMs',
      {
        schema: {
          tags: ['vms'],
          summary: "One page of the customer's renewable VMs, soonest end date first",
          description:
            'Every VM the customer can renew: running, shut off, expired (shut off at the end date) or archived (renewable, then restorable). `isRenewed` is 1 from a paid renewal until the VM is due again (its end date at most 7 days away): the Renewed label, its checkbox disabled.',
          querystring: ZRenewalVmsQuery,
          response: { 200: zEnvelope(ZRenewalVmsPage), ...errorResponses },
        },
      },
      async (request) =>
        ok(await listRenewalVms(db, actorOf(request, 'customer'), request.query.page)),
    );

    app.get(
      '/vmAction/archivedVMs',
      {
        schema: {
          tags: ['vms'],
          summary: "One page of the customer's archived VMs, latest first",
          querystring: ZArchivedVmsQuery,
          response: { 200: zEnvelope(ZArchivedVmsPage), ...errorResponses },
        },
      },
      async (request) =>
        ok(await listArchivedVms(db, actorOf(request, 'customer'), request.query.page)),
    );

    app.post(
      '/virtualMachine/restoreArchiveVM',
      {
        config: perAddress(30),
        schema: {
          tags: ['vms'],
          summary: 'Restore an archived VM whose period was renewed',
          description:
            "404 unless it is the customer's own archived VM; 403 when blocked; 409 \"This VM's period has ended. Renew it to restore it.\" until renewed, or while another restore runs; 400 'Unable to restore Archive Virtual Machine. Try again in sometime.' when the hypervisor fails. On success the VM is busy until it runs again.",
          body: ZRestoreArchiveVmRequest,
          response: { 200: zEnvelope(ZRestoreArchiveVmResponse), ...errorResponses },
        },
      },
      async (request) =>
        ok(
          await restoreArchiveVmForCustomer(
            { db, connect: hypervisors, jobs },
            actorOf(request, 'customer'),
            request.body.virtualMachineUUID,
          ),
          RESTORE_ARCHIVE_SUCCESS,
        ),
    );
  };
}

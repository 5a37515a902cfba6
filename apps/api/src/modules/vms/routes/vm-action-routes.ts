import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { zEnvelope } from '@cloud-portal/contract/envelope-schema';
import {
  POWER_ACTIONS,
  vmActionMessages,
  ZAddAliasNameRequest,
  ZAddAliasNameResponse,
  ZDeleteVmRequest,
  ZPowerRequest,
  ZViewVmRequest,
  ZViewVmResponse,
  ZVmStateResponse,
  ZVmStatusRequest,
  type PowerAction,
} from '@cloud-portal/contract/vms/vm-actions';
import type { AppDeps } from '../../../app-deps';
import { errorResponses, ok } from '../../../http/envelope';
import { perCustomer } from '../../../http/rate-limits';
import { actorOf, requireActor } from '../../../http/request-context';
import { simulatorConsoleRoutes } from './simulator-console-routes';
import {
  addAliasName,
  deleteVm,
  getVmStatus,
  POWER_MESSAGES,
  powerVm,
  viewVm,
} from '../actions/vm-actions';

const POWER_SUMMARIES: Record<PowerAction, string> = {
  startVM: 'Start a shut-off VM',
  shutdownVM: 'Shut a running VM down gracefully (ACPI)',
  powerOffVM: 'Power a running VM off at once',
  rebootVM: 'Reboot a running VM',
};

/**
 * vm-lifecycle.md §2.7, §2.11, §3, §7, §8: what the Products tab does to one of the customer's
 * own machines (another customer's or company's machine is 404, like one that does not exist),
 * and the simulator's console page that View links to (a page with a form, beside them).
 */
export function vmActionRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    await app.register(vmActionCalls(deps));
    await app.register(simulatorConsoleRoutes(deps));
  };
}

function vmActionCalls({ db, hypervisors, jobs }: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('preValidation', requireActor('customer'));
    const deps = { db, hypervisors, jobs };

    app.post(
      '/vmAction/viewVM',
      {
        config: perCustomer(10),
        schema: {
          tags: ['vms'],
          summary: 'Access details of a VM, with a fresh one-time password',
          description:
            'Every view makes a new password and invalidates the last one; the answer is never cached (Cache-Control: no-store) and the password is neither stored in clear nor logged. 403 with the blocked tooltip for a blocked VM; 409 while it is provisioning, or when it failed, expired or is archived; 503 when the hypervisor is unreachable. Limited per customer.',
          body: ZViewVmRequest,
          response: { 200: zEnvelope(ZViewVmResponse), ...errorResponses },
        },
      },
      async (request) => {
        const customer = actorOf(request, 'customer');
        return ok(
          await viewVm(deps, customer, {
            uuid: request.body.virDomainUUID,
            id: request.body.ID,
            portalUrl: customer.company.portalUrl,
          }),
        );
      },
    );

    for (const action of POWER_ACTIONS) {
      app.post(
        `/vmAction/${action}`,
        {
          config: perCustomer(30),
          schema: {
            tags: ['vms'],
            summary: POWER_SUMMARIES[action],
            description:
              "Answers { state: 'busy' } once the hypervisor accepted the change; poll getVMStatus until it settles. 403 for a blocked VM; 409 when the VM is in a state the action does not start from, busy with another operation, expired (start) or archived; 503 when the hypervisor is unreachable.",
            body: ZPowerRequest,
            response: { 200: zEnvelope(ZVmStateResponse), ...errorResponses },
          },
        },
        async (request) =>
          ok(
            {
              state: await powerVm(
                deps,
                actorOf(request, 'customer'),
                request.body.virDomainUUID,
                action,
              ),
            },
            POWER_MESSAGES[action],
          ),
      );
    }

    app.post(
      '/vmAction/getVMStatus',
      {
        config: perCustomer(600),
        schema: {
          tags: ['vms'],
          summary: 'The live state of a VM',
          description:
            "What the hypervisor reports (provisioning, running, shutoff, busy, missing, failed), or the portal's own lifecycle state (expired, archived, failed). Running, shut off and busy are written back to the VM's row.",
          body: ZVmStatusRequest,
          response: { 200: zEnvelope(ZVmStateResponse), ...errorResponses },
        },
      },
      async (request) =>
        ok({
          state: await getVmStatus(deps, actorOf(request, 'customer'), request.body.virDomainUUID),
        }),
    );

    app.post(
      '/vmAction/deleteVirtualMachine',
      {
        config: perCustomer(30),
        schema: {
          tags: ['vms'],
          summary: 'Delete a shut-off VM',
          description:
            "400 'Virtual machine must be shut off to perform this operation.' unless it is shut off. Frees its public address. Of two deletes at once one answers 200 and the other 404. Archived, expired and blocked VMs may be deleted.",
          body: ZDeleteVmRequest,
          response: { 200: zEnvelope(z.null()), ...errorResponses },
        },
      },
      async (request) => {
        await deleteVm(deps, actorOf(request, 'customer'), request.body.virDomainUUID);
        return ok(null, vmActionMessages.deleted);
      },
    );

    app.post(
      '/virtualMachine/addAliasName',
      {
        config: perCustomer(30),
        schema: {
          tags: ['vms'],
          summary: "Set a VM's alias name",
          description:
            'productID is the VM’s ID. The alias is trimmed, 1 to 50 characters, without control characters; data.msg is the message to show.',
          body: ZAddAliasNameRequest,
          response: { 200: zEnvelope(ZAddAliasNameResponse), ...errorResponses },
        },
      },
      async (request) => {
        const saved = await addAliasName(deps, actorOf(request, 'customer'), {
          id: request.body.productID,
          aliasName: request.body.aliasName,
        });
        return ok(saved, saved.msg);
      },
    );
  };
}

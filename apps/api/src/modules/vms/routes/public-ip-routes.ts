import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { zEnvelope } from '@cloud-portal/contract/envelope-schema';
import {
  publicIpMessages,
  ZAssignPublicIpRequest,
  ZAssignPublicIpResponse,
} from '@cloud-portal/contract/vms/assign-public-ip';
import type { AppDeps } from '../../../app-deps';
import { errorResponses, ok } from '../../../http/envelope';
import { perAddress } from '../../../http/rate-limits';
import { actorOf, requireActor } from '../../../http/request-context';
import { assignPublicIp } from '../actions/public-ip';

/** vm-lifecycle.md §2.11 "assign public IP": a public address and its port forwarding. */
export function publicIpRoutes({ db }: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('preValidation', requireActor('customer'));

    app.post(
      '/allowIP/assignPublicIP',
      {
        config: perAddress(30),
        schema: {
          tags: ['vms'],
          summary: "Give one of the customer's VMs a public IP and forward ports to it",
          description: [
            'Takes a free address from the company’s pool for the VM `productID` (the Active VM’s `ID`) and forwards `tcpPort` and `udpPort` to `lanIP`, which must be the VM’s own private address. A VM that already has an address keeps it and only its forwarding changes (`isNewAddress` false). Success answers "Successfull".',
            'Refusals: 400 for a field against the rules of §5 (first message in `message`, every field in `data.errors`); 403 for a VM the provider blocked; 404 for a VM that is not the customer’s; 409 "In maintanance mode. please try again later." while the company’s network script runs and the VM has no address yet, 409 when the pool has no free address or the VM is not running or shut off.',
          ].join('\n\n'),
          body: ZAssignPublicIpRequest,
          response: { 200: zEnvelope(ZAssignPublicIpResponse), ...errorResponses },
        },
      },
      async (request) =>
        ok(
          await assignPublicIp(db, actorOf(request, 'customer'), request.body),
          publicIpMessages.assigned,
        ),
    );
  };
}

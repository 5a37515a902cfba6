import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { zEnvelope } from '@cloud-portal/contract/envelope-schema';
import { ZActiveVmsPage, ZActiveVmsQuery } from '@cloud-portal/contract/vms/active-vms';
import type { AppDeps } from '../../../app-deps';
import { errorResponses, ok } from '../../../http/envelope';
import { actorOf, requireActor } from '../../../http/request-context';
import { listActiveVms } from '../queries/active-vms';

/** vm-lifecycle.md §2.7 Products: the customer's own VMs, page by page. */
export function activeVmsRoutes({ db, customerCaches }: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('preValidation', requireActor('customer'));

    const activeVmsAnswer = zEnvelope(ZActiveVmsPage);
    app.get(
      '/vmAction/activeVMs',
      {
        schema: {
          tags: ['vms'],
          summary: "One page of the customer's active VMs, newest first",
          description:
            'Every VM of the signed-in customer that is neither deleted nor archived, provisioning ones included. `ciscoMerakiIP` is null while no public address is assigned; `startDate` and `endDate` are null until the machine is provisioned; a page past the end answers no rows with the total.',
          querystring: ZActiveVmsQuery,
          response: { 200: activeVmsAnswer, ...errorResponses },
        },
      },
      async (request, reply) => {
        const owner = actorOf(request, 'customer');
        const { page } = request.query;
        return customerCaches.send(reply, owner, `activeVMs:${page}`, activeVmsAnswer, async () =>
          ok(await listActiveVms(db, owner, page)),
        );
      },
    );
  };
}

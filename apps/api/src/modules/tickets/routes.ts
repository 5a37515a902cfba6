import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { zEnvelope } from '@cloud-portal/contract/envelope-schema';
import {
  ZGenerateTicketFields,
  ZGenerateTicketResponse,
  ZGetAllUserTicketQuery,
  ZGetAllUserTicketResponse,
  ZGetTicketDetailRequest,
  ZGetTicketDetailResponse,
  ZGetTicketIssueTypeResponse,
  ZReplyTicketFields,
  ZReplyTicketResponse,
  ZTicketAttachmentParams,
} from '@cloud-portal/contract/tickets/customer-tickets';
import { ticketTexts } from '@cloud-portal/contract/tickets/ticket-rules';
import type { AppDeps } from '../../app-deps';
import { errorResponses, ok } from '../../http/envelope';
import { acceptingUploads } from '../../http/multipart-uploads';
import { perCustomer } from '../../http/rate-limits';
import { actorOf, requireActor } from '../../http/request-context';
import { siteOrigin } from '../../tenancy/request-origin';
import { requestLanguage } from '../../tenancy/request-language';
import {
  customerTicketDetail,
  findCustomerAttachment,
  listCustomerTickets,
  listIssueTypes,
  raiseTicket,
  replyAsCustomer,
  type TicketDeps,
} from './customer-tickets';
import { readTicketForm, sendAttachment } from './ticket-files';
import { noStaffMailboxes, type StaffMailboxes } from './ticket-notices';

export const ticketDepsOf = (deps: AppDeps, staffMailboxes: StaffMailboxes): TicketDeps => ({
  db: deps.db,
  mail: deps.mail,
  dataDir: deps.config.dataDir,
  staffMailboxes,
});

/**
 * vm-lifecycle.md §2.7, §2.9, §7 and issue 27: a customer's support tickets. Every query is
 * scoped by the site's company and the signed-in customer: any other ticket answers 404.
 */
export function ticketRoutes(
  deps: AppDeps,
  staffMailboxes: StaffMailboxes = noStaffMailboxes,
): FastifyPluginAsyncZod {
  const ticketDeps = ticketDepsOf(deps, staffMailboxes);
  return async (app) => {
    app.addHook('preValidation', requireActor('customer'));

    app.get(
      '/ticket/getTicketIssueType',
      {
        schema: {
          tags: ['tickets'],
          summary: "The company's ticket issue types",
          response: { 200: zEnvelope(ZGetTicketIssueTypeResponse), ...errorResponses },
        },
      },
      async (request) => ok(await listIssueTypes(deps.db, actorOf(request, 'customer').companyId)),
    );

    const ticketsAnswer = zEnvelope(ZGetAllUserTicketResponse);
    app.get(
      '/ticket/getallUserTicket',
      {
        schema: {
          tags: ['tickets'],
          summary: "One page of the customer's tickets, newest first",
          querystring: ZGetAllUserTicketQuery,
          response: { 200: ticketsAnswer, ...errorResponses },
        },
      },
      async (request, reply) => {
        const owner = actorOf(request, 'customer');
        const { page } = request.query;
        // Kept until one of the customer's tickets changes (the tickets table's cache signal).
        return deps.customerCaches.send(
          reply,
          owner,
          `getallUserTicket:${page}`,
          ticketsAnswer,
          async () => ok(await listCustomerTickets(deps.db, owner, page)),
        );
      },
    );

    app.post(
      '/ticket/getTicketDetailByID',
      {
        schema: {
          tags: ['tickets'],
          summary: 'A ticket, its first response and the whole conversation (no internal notes)',
          body: ZGetTicketDetailRequest,
          response: { 200: zEnvelope(ZGetTicketDetailResponse), ...errorResponses },
        },
      },
      async (request) => {
        const customer = actorOf(request, 'customer');
        return ok(
          await customerTicketDetail(
            deps.db,
            customer,
            request.body.ticketID,
            siteOrigin(request, customer.company),
          ),
        );
      },
    );

    app.get(
      '/ticket/attachment/:attachmentID',
      {
        schema: {
          tags: ['tickets'],
          summary: 'Download a file of one of your tickets',
          params: ZTicketAttachmentParams,
        },
      },
      async (request, reply) => {
        const customer = actorOf(request, 'customer');
        const row = await findCustomerAttachment(deps.db, customer, request.params.attachmentID);
        return sendAttachment(reply, deps.config.dataDir, row);
      },
    );

    await app.register(
      acceptingUploads(async (uploads) => {
        uploads.post(
          '/ticket/generateTicket',
          {
            config: perCustomer(10),
            schema: {
              tags: ['tickets'],
              summary: 'Raise a ticket (multipart: issueType, description, vmID, up to 4 files)',
              description:
                "Files as `files`: images (PNG, JPEG, GIF, WebP) or PDF, decided from the bytes, at most 4, 20 MB each ('{file name} is more than 20 MB', 413).",
              consumes: ['multipart/form-data'],
              response: { 200: zEnvelope(ZGenerateTicketResponse), ...errorResponses },
            },
          },
          async (request) => {
            const customer = actorOf(request, 'customer');
            const { fields, files } = await readTicketForm(
              request,
              deps.config.dataDir,
              customer.companyId,
              ZGenerateTicketFields,
            );
            const ticketID = await raiseTicket(ticketDeps, customer, {
              issueTypeId: fields.issueType,
              description: fields.description,
              vmId: fields.vmID,
              language: requestLanguage(request, customer.company),
              files,
            });
            return ok({ ticketID }, ticketTexts.ticketSubmitted);
          },
        );

        uploads.post(
          '/ticket/replyTicket',
          {
            config: perCustomer(30),
            schema: {
              tags: ['tickets'],
              summary: 'Reply on your ticket while it is not Resolved (multipart)',
              description: 'Fields ticketID and message; up to 4 `files` as on generateTicket.',
              consumes: ['multipart/form-data'],
              response: { 200: zEnvelope(ZReplyTicketResponse), ...errorResponses },
            },
          },
          async (request) => {
            const customer = actorOf(request, 'customer');
            const { fields, files } = await readTicketForm(
              request,
              deps.config.dataDir,
              customer.companyId,
              ZReplyTicketFields,
            );
            const message = await replyAsCustomer(ticketDeps, customer, {
              ticketId: fields.ticketID,
              body: fields.message,
              language: requestLanguage(request, customer.company),
              files,
            });
            return ok(message, ticketTexts.replySent);
          },
        );
      }),
    );
  };
}

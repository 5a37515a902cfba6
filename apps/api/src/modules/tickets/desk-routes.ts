import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { zEnvelope } from '@cloud-portal/contract/envelope-schema';
import {
  ZDeskAnswerFields,
  ZDeskAssignRequest,
  ZDeskAttachmentParams,
  ZDeskNoteRequest,
  ZDeskQueueQuery,
  ZDeskQueueResponse,
  ZDeskStatusRequest,
  ZDeskTicketMessage,
  ZDeskTicketParams,
  ZDeskTicketResponse,
  ZDeskTicketState,
} from '@cloud-portal/contract/tickets/ticket-desk';
import { ticketTexts } from '@cloud-portal/contract/tickets/ticket-rules';
import type { AppDeps } from '../../app-deps';
import { errorResponses, ok } from '../../http/envelope';
import { acceptingUploads } from '../../http/multipart-uploads';
import { actorOf, requireActor } from '../../http/request-context';
import { readTicketForm, sendAttachment } from './ticket-files';
import { noStaffMailboxes, type StaffMailboxes } from './ticket-notices';
import { ticketDepsOf } from './routes';
import {
  addInternalNote,
  answerTicket,
  assignTicket,
  changeTicketStatus,
  deskQueue,
  deskTicket,
  findDeskAttachment,
} from './ticket-desk';

/**
 * The operator console's ticket desk (issue 27), for staff of the site's company: each route
 * checks its permission key (packages/contract/src/operator/permissions.ts).
 */
export function ticketDeskRoutes(
  deps: AppDeps,
  staffMailboxes: StaffMailboxes = noStaffMailboxes,
): FastifyPluginAsyncZod {
  const ticketDeps = ticketDepsOf(deps, staffMailboxes);
  return async (app) => {
    app.get(
      '/operator/tickets',
      {
        preValidation: requireActor('staff', 'tickets.view'),
        schema: {
          tags: ['operator-tickets'],
          summary: 'The ticket queue: by status and age, filtered, searched, keyset-paged',
          querystring: ZDeskQueueQuery,
          response: { 200: zEnvelope(ZDeskQueueResponse), ...errorResponses },
        },
      },
      async (request) => ok(await deskQueue(deps.db, actorOf(request, 'staff'), request.query)),
    );

    app.get(
      '/operator/tickets/:ticketID',
      {
        preValidation: requireActor('staff', 'tickets.view'),
        schema: {
          tags: ['operator-tickets'],
          summary: 'A ticket, its customer, machine and conversation (internal notes included)',
          params: ZDeskTicketParams,
          response: { 200: zEnvelope(ZDeskTicketResponse), ...errorResponses },
        },
      },
      async (request) =>
        ok(await deskTicket(deps.db, actorOf(request, 'staff'), request.params.ticketID)),
    );

    app.get(
      '/operator/tickets/attachments/:attachmentID',
      {
        preValidation: requireActor('staff', 'tickets.view'),
        schema: {
          tags: ['operator-tickets'],
          summary: "Download a file of one of the company's tickets",
          params: ZDeskAttachmentParams,
        },
      },
      async (request, reply) => {
        const row = await findDeskAttachment(
          deps.db,
          actorOf(request, 'staff'),
          request.params.attachmentID,
        );
        return sendAttachment(reply, deps.config.dataDir, row);
      },
    );

    app.post(
      '/operator/tickets/:ticketID/notes',
      {
        preValidation: requireActor('staff', 'tickets.reply'),
        schema: {
          tags: ['operator-tickets'],
          summary: 'Add an internal note (never shown to the customer)',
          params: ZDeskTicketParams,
          body: ZDeskNoteRequest,
          response: { 200: zEnvelope(ZDeskTicketMessage), ...errorResponses },
        },
      },
      async (request) =>
        ok(
          await addInternalNote(ticketDeps, actorOf(request, 'staff'), {
            ticketId: request.params.ticketID,
            body: request.body.body,
          }),
          ticketTexts.noteAdded,
        ),
    );

    app.post(
      '/operator/tickets/:ticketID/status',
      {
        preValidation: requireActor('staff', 'tickets.reply'),
        schema: {
          tags: ['operator-tickets'],
          summary: 'Change the status from the one seen (409 when someone changed it meanwhile)',
          params: ZDeskTicketParams,
          body: ZDeskStatusRequest,
          response: { 200: zEnvelope(ZDeskTicketState), ...errorResponses },
        },
      },
      async (request) =>
        ok(
          await changeTicketStatus(deps.db, actorOf(request, 'staff'), {
            ticketId: request.params.ticketID,
            from: request.body.from,
            status: request.body.status,
          }),
          ticketTexts.statusChanged,
        ),
    );

    app.post(
      '/operator/tickets/:ticketID/assign',
      {
        preValidation: requireActor('staff', 'tickets.assign'),
        schema: {
          tags: ['operator-tickets'],
          summary: 'Assign the ticket to a staff member, or to nobody (null)',
          params: ZDeskTicketParams,
          body: ZDeskAssignRequest,
          response: { 200: zEnvelope(ZDeskTicketState), ...errorResponses },
        },
      },
      async (request) =>
        ok(
          await assignTicket(deps.db, actorOf(request, 'staff'), {
            ticketId: request.params.ticketID,
            assigneeId: request.body.assigneeID,
          }),
          ticketTexts.assigned,
        ),
    );

    await app.register(
      acceptingUploads(async (uploads) => {
        uploads.post(
          '/operator/tickets/:ticketID/answer',
          {
            preValidation: requireActor('staff', 'tickets.reply'),
            schema: {
              tags: ['operator-tickets'],
              summary: 'Answer the customer (multipart: message, up to 4 files)',
              description:
                'The customer is told once, by bell and by mail in their language; an Open ticket becomes In Progress.',
              consumes: ['multipart/form-data'],
              params: ZDeskTicketParams,
              response: { 200: zEnvelope(ZDeskTicketMessage), ...errorResponses },
            },
          },
          async (request) => {
            const staff = actorOf(request, 'staff');
            const { fields, files } = await readTicketForm(
              request,
              deps.config.dataDir,
              staff.companyId,
              ZDeskAnswerFields,
            );
            return ok(
              await answerTicket(ticketDeps, staff, {
                ticketId: request.params.ticketID,
                body: fields.message,
                files,
              }),
              ticketTexts.answerSent,
            );
          },
        );
      }),
    );
  };
}

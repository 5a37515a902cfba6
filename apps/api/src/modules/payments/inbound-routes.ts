import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import {
  OZOW_GATEWAY,
  PAYFAST_GATEWAY,
  PAYPAL_GATEWAY,
  PESAPAL_GATEWAY,
} from '@cloud-portal/contract/orders/gateways';
import type { AppDeps } from '../../app-deps';
import { ok } from '../../http/envelope';
import { perAddress } from '../../http/rate-limits';
import type { InboundEvent } from '../../payments/gateway';
import { pesapalIpnAnswer } from '../../payments/gateways/pesapal';
import { handleInboundEvent, type InboundOutcome } from './handle-inbound-event';

type FormBody = { pairs: [string, string][] };

const isFormBody = (body: unknown): body is FormBody =>
  typeof body === 'object' && body !== null && Array.isArray((body as FormBody).pairs);

function stringsOf(values: unknown): Record<string, string> {
  if (typeof values !== 'object' || values === null) return {};
  return Object.fromEntries(
    Object.entries(values).filter(
      (entry): entry is [string, string] => typeof entry[1] === 'string',
    ),
  );
}

/** The event as received: form fields in their order (PayFast signs that order), or JSON. */
function toInboundEvent(request: FastifyRequest): InboundEvent {
  const body = request.body;
  return {
    fields: isFormBody(body) ? body.pairs : [],
    json: body !== undefined && body !== null && !isFormBody(body) ? body : null,
    query: stringsOf(request.query),
    headers: Object.fromEntries(
      Object.entries(request.headers).map(([name, value]) => [
        name,
        Array.isArray(value) ? value.join(',') : value,
      ]),
    ),
    sourceAddress: request.ip,
    rawBody: (request as FastifyRequest & { rawBody?: string }).rawBody,
  };
}

/** A gateway retries what is not answered 2xx: only an unreachable confirmation asks for that. */
const httpStatusOf = (outcome: InboundOutcome) => (outcome.verdict === 'retry-later' ? 503 : 200);

/**
 * The gateways' server-to-server notifications (vm-lifecycle.md §7: PayFast's notify address;
 * the others are ours). No session: each adapter verifies its own signature, hash or server-side
 * confirmation. Forms keep their field order.
 */
export function paymentNotificationRoutes(deps: AppDeps): FastifyPluginAsync {
  return async (app) => {
    app.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 64 * 1024 },
      (_request, body, done) => {
        done(null, { pairs: [...new URLSearchParams(body as string)] } satisfies FormBody);
      },
    );
    // JSON notifications keep their text: PayPal signs the body exactly as it sent it.
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser(
      'application/json',
      { parseAs: 'string', bodyLimit: 64 * 1024 },
      (request, body, done) => {
        try {
          (request as FastifyRequest & { rawBody?: string }).rawBody = body as string;
          done(null, body === '' ? {} : JSON.parse(body as string));
        } catch {
          done(null, {});
        }
      },
    );
    const rate = perAddress(600);

    const receive = (gatewayName: string) => async (request: FastifyRequest) =>
      handleInboundEvent(deps, gatewayName, toInboundEvent(request));

    app.post(
      '/virtualMachine/notifyPayFastStatus',
      { config: rate, schema: { hide: true } },
      async (request, reply) => {
        const outcome = await receive(PAYFAST_GATEWAY)(request);
        return reply.code(httpStatusOf(outcome)).type('text/plain').send('');
      },
    );

    app.post(
      '/payments/ozow/notify',
      { config: rate, schema: { hide: true } },
      async (request, reply) => {
        const outcome = await receive(OZOW_GATEWAY)(request);
        return reply.code(httpStatusOf(outcome)).send(ok({ verdict: outcome.verdict }));
      },
    );

    app.post(
      '/payments/paypal/webhook',
      { config: rate, schema: { hide: true } },
      async (request, reply) => {
        const outcome = await receive(PAYPAL_GATEWAY)(request);
        return reply.code(httpStatusOf(outcome)).send(ok({ verdict: outcome.verdict }));
      },
    );

    // Pesapal sends its IPN as GET or POST (as registered) and expects this answer back.
    const pesapalIpn = async (request: FastifyRequest, reply: FastifyReply) => {
      const event = toInboundEvent(request);
      const outcome = await handleInboundEvent(deps, PESAPAL_GATEWAY, event);
      // 500 asks Pesapal to send it again: worth it only when the confirmation could not be reached.
      return reply
        .code(200)
        .send(pesapalIpnAnswer(event, outcome.verdict === 'retry-later' ? 500 : 200));
    };
    app.get('/payments/pesapal/ipn', { config: rate, schema: { hide: true } }, pesapalIpn);
    app.post('/payments/pesapal/ipn', { config: rate, schema: { hide: true } }, pesapalIpn);
  };
}

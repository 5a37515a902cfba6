import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { SANDBOX_GATEWAY } from '@cloud-portal/contract/orders/gateways';
import { formatMinor } from '@cloud-portal/contract/pricing/money';
import type { AppDeps } from '../../app-deps';
import { perAddress } from '../../http/rate-limits';
import { identifyActor } from '../../http/request-context';
import { hmac, safeEqual } from '../../lib/tokens';
import { findOrderByReference } from '../orders/order-access';
import { gatewayUrls } from '../orders/gateway-urls';
import { resolveCompany } from '../../tenancy/resolve-company';
import { pageLanguage } from '../../tenancy/request-language';
import { requestOrigin } from '../../tenancy/request-origin';
import type { OrderRow } from '../../db/schema/orders';
import { loadGatewaySettings } from '../../payments/gateway-settings';
import {
  SANDBOX_OUTCOMES,
  signSandboxNotification,
  type SandboxOutcome,
} from '../../payments/gateways/sandbox';
import { handleInboundEvent } from './handle-inbound-event';
import { renderSandboxCheckout, type SandboxClosedReason } from './sandbox-checkout-page';

const PAGE_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; img-src 'self' https: data:; form-action 'self'; frame-ancestors 'none'; base-uri 'none'";

/**
 * The Sandbox gateway's checkout (issue 10): a page served by the API for the order's owner, whose
 * three buttons post an outcome back here. The outcome is signed as the sandbox's notification
 * and goes through the same verification and settlement as a real gateway's; then the browser is
 * sent to the return page, which shows what the server settled.
 */
export function sandboxCheckoutRoutes(deps: AppDeps): FastifyPluginAsync {
  const formToken = (reference: string) =>
    hmac(deps.sessionSecret, `sandbox-checkout:${reference}`);

  async function ownOrder(request: FastifyRequest<{ Params: { reference: string } }>) {
    const company = await resolveCompany(deps.companies, request);
    const actor = await identifyActor(request, company);
    const order = await findOrderByReference(deps.db, request.params.reference);
    const isOwn =
      actor.kind === 'customer' &&
      order !== null &&
      order.companyId === company.id &&
      order.customerId === actor.customerId &&
      order.gateway === SANDBOX_GATEWAY;
    return { company, order: isOwn ? order : null };
  }

  function sendPage(reply: FastifyReply, status: number, html: string) {
    return reply
      .code(status)
      .header('content-security-policy', PAGE_CSP)
      .header('cache-control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(html);
  }

  return async (app) => {
    app.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 4 * 1024 },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
    );

    const render = (
      request: FastifyRequest<{ Params: { reference: string } }>,
      reply: FastifyReply,
      company: Awaited<ReturnType<typeof ownOrder>>['company'],
      order: OrderRow | null,
    ) => {
      const language = pageLanguage(request, company, order?.language);
      const origin = requestOrigin(request) ?? company.portalUrl;
      const returnUrl = gatewayUrls(SANDBOX_GATEWAY, origin, request.params.reference).returnUrl;
      const closed: SandboxClosedReason | null = !order
        ? { kind: 'notFound' }
        : order.status === 'pending'
          ? null
          : { kind: 'settled', status: order.status };
      return sendPage(
        reply,
        order ? 200 : 404,
        renderSandboxCheckout({
          language,
          companyName: company.name,
          logoUrl: company.logoPath,
          brandColour: company.primaryColor ?? '',
          reference: order?.reference ?? '',
          productName: order?.productName ?? '',
          amount: order ? formatMinor(order.chargeTotalMinor) : '',
          currency: order?.chargeCurrency ?? '',
          closed: closed ? { reason: closed, returnUrl: order ? returnUrl : '/home' } : null,
          formToken: order ? formToken(order.reference) : '',
        }),
      );
    };

    app.get<{ Params: { reference: string } }>(
      '/payments/sandbox/:reference',
      { config: perAddress(120), schema: { hide: true } },
      async (request, reply) => {
        const { company, order } = await ownOrder(request);
        return render(request, reply, company, order);
      },
    );

    // The page's form token is the capability: it was handed only to the order's owner (the page
    // checks the session), so a choice needs no second session lookup, as a real gateway's
    // checkout knows nothing of our sessions. A settled order sends the browser back to its result.
    app.post<{ Params: { reference: string }; Body: Record<string, string> }>(
      '/payments/sandbox/:reference',
      { config: perAddress(60), schema: { hide: true } },
      async (request, reply) => {
        const company = await resolveCompany(deps.companies, request);
        const reference = request.params.reference;
        const body = typeof request.body === 'object' && request.body !== null ? request.body : {};
        const outcome = body.outcome as SandboxOutcome;
        const hasToken =
          typeof body.token === 'string' && safeEqual(body.token, formToken(reference));
        const found = hasToken ? await findOrderByReference(deps.db, reference) : null;
        const order =
          found?.companyId === company.id && found.gateway === SANDBOX_GATEWAY ? found : null;
        if (!order || !SANDBOX_OUTCOMES.includes(outcome))
          return render(request, reply, company, order);
        const returnUrl = gatewayUrls(
          SANDBOX_GATEWAY,
          requestOrigin(request) ?? company.portalUrl,
          order.reference,
        ).returnUrl;
        if (order.status !== 'pending') return reply.redirect(returnUrl, 303);

        const settings = await loadGatewaySettings(
          deps.db,
          deps.credentialsKey,
          company.id,
          SANDBOX_GATEWAY,
        );
        if (!settings) return render(request, reply, company, null);
        const fields = signSandboxNotification(settings.credentials.secret!, {
          reference: order.reference,
          outcome,
          amount: String(order.chargeTotalMinor),
          currency: order.chargeCurrency,
          transactionId: `SBX-${order.reference.slice(2)}`,
        });
        await handleInboundEvent(
          deps,
          SANDBOX_GATEWAY,
          { fields, json: null, query: {}, headers: {}, sourceAddress: request.ip },
          'sandbox',
          { order, settings },
        );
        return reply.redirect(returnUrl, 303);
      },
    );
  };
}

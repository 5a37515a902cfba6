import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { zEnvelope } from '@cloud-portal/contract/envelope-schema';
import {
  ZGenerateInvoiceRequest,
  ZInvoice,
  ZReceiptPdfParams,
  ZReceiptPdfQuery,
} from '@cloud-portal/contract/orders/generate-invoice';
import { LANGUAGES, type TLanguage } from '@cloud-portal/contract/company/company-rules';
import type { AppDeps } from '../../app-deps';
import { errorResponses, ok } from '../../http/envelope';
import { perAddress } from '../../http/rate-limits';
import { actorOf, requireActor } from '../../http/request-context';
import { requestLanguage } from '../../tenancy/request-language';
import {
  loadInvoiceByPurchaseId,
  renderReceiptByToken,
  type RenderedReceipt,
} from './load-invoice';

const isLanguage = (value: string | undefined): value is TLanguage =>
  (LANGUAGES as readonly string[]).includes(value ?? '');

/** The PDF itself (not an envelope): shown in the browser, kept by no cache. */
function sendReceiptPdf(reply: FastifyReply, receipt: RenderedReceipt) {
  return reply
    .type('application/pdf')
    .header('content-disposition', `inline; filename="${receipt.fileName}"`)
    .header('cache-control', 'private, no-store')
    .send(receipt.pdf);
}

/** vm-lifecycle.md §2.10 and §3 "Invoice": a customer's own receipts, never anyone else's. */
export function invoiceRoutes({ db, uploadsDir }: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('preValidation', requireActor('customer'));

    app.post(
      '/invoice/generateInvoice',
      {
        schema: {
          tags: ['invoices'],
          summary: 'The invoice of one of your paid purchases',
          description:
            "productID is the purchase's ID. 404 'This receipt does not exist' for a purchase that is not yours or not paid.",
          body: ZGenerateInvoiceRequest,
          response: { 200: zEnvelope(ZInvoice), ...errorResponses },
        },
      },
      async (request) =>
        ok(await loadInvoiceByPurchaseId(db, actorOf(request, 'customer'), request.body.productID)),
    );

    app.get(
      '/invoice/pdf/:token',
      {
        // Each answer draws a PDF: a page and a few retries a minute is plenty.
        config: perAddress(30),
        schema: {
          tags: ['invoices'],
          summary: 'The receipt PDF (A4) behind a receipt token',
          description:
            "application/pdf in the language of ?lang=, else Accept-Language, else the company's. 404 'This receipt does not exist' for a token that is unknown or not yours.",
          params: ZReceiptPdfParams,
          querystring: ZReceiptPdfQuery,
          response: errorResponses,
        },
      },
      async (request, reply) => {
        const customer = actorOf(request, 'customer');
        const receipt = await renderReceiptByToken(
          db,
          customer,
          request.params.token,
          isLanguage(request.query.lang)
            ? request.query.lang
            : requestLanguage(request, customer.company),
          uploadsDir,
        );
        return sendReceiptPdf(reply, receipt);
      },
    );
  };
}

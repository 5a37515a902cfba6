import fs from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { formatMinor } from '@cloud-portal/contract/pricing/money';
import type { Database } from '../../db/client';
import { customers } from '../../db/schema/accounts';
import { companies } from '../../db/schema/company';
import { mailOutbox } from '../../db/schema/mail';
import { orders } from '../../db/schema/orders';
import { mailFromCompany } from '../../mail/mail-company-and-sender';
import type { MailService } from '../../mail/mail-service';
import { purchaseConfirmationMail } from '../../mail/templates/purchase-mails';
import { renderReceiptForOrder } from '../invoices/load-invoice';

/**
 * The purchase-confirmation job of a paid order: its receipt PDF (kept under DATA_DIR/receipts,
 * never public) attached to a mail in the order's language. A second run of the same job finds
 * the mail already queued (kind names the order) and sends nothing.
 */
export async function sendPurchaseConfirmation(
  deps: { db: Database; mail: MailService; dataDir: string; uploadsDir: string },
  orderId: number,
): Promise<void> {
  const [row] = await deps.db
    .select({ order: orders, company: companies, email: customers.email })
    .from(orders)
    .innerJoin(companies, eq(companies.id, orders.companyId))
    .innerJoin(customers, eq(customers.id, orders.customerId))
    .where(eq(orders.id, orderId));
  if (!row || row.order.status !== 'paid') return;
  const { order, company } = row;
  const kind = `purchase-confirmation-${order.reference}`;
  // One mail per order, however often the job runs.
  const [already] = await deps.db
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(eq(mailOutbox.kind, kind))
    .limit(1);
  if (already) return;

  const receipt = await renderReceiptForOrder(deps.db, order.id, order.language, {
    uploadsDir: deps.uploadsDir,
  });
  const file = path.join(deps.dataDir, 'receipts', String(company.id), receipt.fileName);
  await fs.mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
  await fs.writeFile(file, receipt.pdf, { mode: 0o600 });

  await mailFromCompany(deps.mail, company, {
    kind,
    to: row.email,
    render: (brand) =>
      purchaseConfirmationMail(brand, order.language, {
        reference: order.reference,
        productName: order.productName,
        amount: formatMinor(order.chargeTotalMinor),
        currency: order.chargeCurrency,
        profileUrl: new URL('/CustomerProfile/2', company.portalUrl).toString(),
      }),
    attachments: [{ filename: receipt.fileName, path: file, contentType: 'application/pdf' }],
  });
}

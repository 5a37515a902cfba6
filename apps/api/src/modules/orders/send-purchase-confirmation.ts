import fs from 'node:fs/promises';
import path from 'node:path';
import { and, eq, isNull } from 'drizzle-orm';
import { formatMinor } from '@cloud-portal/contract/pricing/money';
import type { Database } from '../../db/client';
import { customers } from '../../db/schema/accounts';
import { companies } from '../../db/schema/company';
import { orders } from '../../db/schema/orders';
import { mailFromCompany } from '../../mail/mail-company-and-sender';
import type { MailService } from '../../mail/mail-service';
import { purchaseConfirmationMail } from '../../mail/templates/purchase-mails';
import { renderReceiptForOrder } from '../invoices/load-invoice';

/**
 * The purchase-confirmation job of a paid order: its receipt PDF (kept under DATA_DIR/receipts,
 * never public) attached to a mail in the order's language. A second run of the same job finds
 * the order marked as mailed and sends nothing.
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
  if (!row || row.order.status !== 'paid' || row.order.confirmationMailedAt) return;
  const { order, company } = row;

  const receipt = await renderReceiptForOrder(deps.db, order.id, order.language, {
    uploadsDir: deps.uploadsDir,
  });
  const file = path.join(deps.dataDir, 'receipts', String(company.id), receipt.fileName);
  await fs.mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
  await fs.writeFile(file, receipt.pdf, { mode: 0o600 });

  // One mail per order however often (or however concurrently) the job runs: the run that marks
  // the order queues the mail, in the same transaction.
  await deps.mail.inTransaction(async (tx, mail) => {
    const [claimed] = await tx
      .update(orders)
      .set({ confirmationMailedAt: new Date() })
      .where(and(eq(orders.id, order.id), isNull(orders.confirmationMailedAt)))
      .returning({ id: orders.id });
    if (!claimed) return;
    await mailFromCompany(mail, company, {
      kind: `purchase-confirmation-${order.reference}`,
      to: row.email,
      render: (brand) =>
        purchaseConfirmationMail(brand, order.language, {
          kind: order.kind,
          reference: order.reference,
          productName: order.productName,
          amount: formatMinor(order.chargeTotalMinor),
          currency: order.chargeCurrency,
          profileUrl: new URL('/CustomerProfile/2', company.portalUrl).toString(),
        }),
      attachments: [{ filename: receipt.fileName, path: file, contentType: 'application/pdf' }],
    });
  });
}

import PDFDocument from 'pdfkit';
import type { TLanguage } from '@cloud-portal/contract/company/company-rules';
import type { TInvoice, TInvoiceLine } from '@cloud-portal/contract/orders/generate-invoice';
import type { BankReference } from '@cloud-portal/contract/orders/order-status';
import { receiptFontFaces } from './receipt-fonts';
import { formatPercent, formatReceiptDate, RECEIPT_TEXTS } from './receipt-texts';

export type ReceiptPdfOptions = {
  language: TLanguage;
  /** The company's IANA time zone: the dates are the company's calendar days. */
  timeZone: string;
  /** A PNG or JPEG (see company-logo.ts), or null to print the company's name instead. */
  logo: Buffer | null;
  /** The company's brand colour (#rrggbb); a dark neutral when unset or not a colour. */
  brandColor: string | null;
};

const PAGE_WIDTH = 595.28;
const PAGE_HEIGHT = 841.89;
const MARGIN = 48;
const CONTENT_WIDTH = PAGE_WIDTH - 2 * MARGIN;

const INK = '#1b2a3a';
const MUTED = '#5a6b7d';
const RULE = '#d5dce3';
const PANEL = '#f3f5f8';
const DEFAULT_ACCENT = '#1b2a3a';
const PAID_GREEN = '#2b8a3e';

type Doc = PDFKit.PDFDocument;
type Face = 'regular' | 'bold';
/** The PDF's built-in faces, for receipts whose every text is Latin-1. */
const STANDARD_FACES: Record<Face, string> = { regular: 'Helvetica', bold: 'Helvetica-Bold' };

/** Turns a PDF document's stream into one buffer. */
function collect(document: Doc): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    document.on('data', (chunk: Buffer) => chunks.push(chunk));
    document.on('end', () => resolve(Buffer.concat(chunks)));
    document.on('error', reject);
  });
}

const isLatin1 = (text: string) => ![...text].some((character) => character.codePointAt(0)! > 0xff);

/**
 * Draws the A4 receipt of vm-lifecycle.md §2.10 for a paid order: the company and the customer,
 * the order's references, the bought lines, the totals with the tax's basis (ADR 015), 'Receipt'
 * with a diagonal paid stamp for a live payment and 'Proforma Receipt' for a gateway's test mode.
 */
export async function renderReceiptPdf(
  invoice: TInvoice,
  options: ReceiptPdfOptions,
): Promise<Buffer> {
  // Parsing the Unicode font costs more than drawing the receipt: a receipt whose every text is
  // Latin-1 (most English ones) is written in the PDF's built-in Helvetica instead.
  const faces =
    options.language === 'en' && isLatin1(JSON.stringify([invoice, RECEIPT_TEXTS.en]))
      ? null
      : await receiptFontFaces();
  // Without a Unicode font only Latin text prints: the receipt is then written in English.
  const language: TLanguage = faces ? options.language : 'en';
  const texts = RECEIPT_TEXTS[language];
  const printable = faces
    ? (value: string) => value
    : (value: string) => value.replace(/[^\x20-\x7e\xa0-\xff]/g, '?');
  const accent = /^#[0-9a-f]{6}$/i.test(options.brandColor ?? '')
    ? options.brandColor!
    : DEFAULT_ACCENT;
  const { invoiceDetail: detail, companyDetail: company, userDetails: customer } = invoice;
  const isTest = detail.isTestTransaction === 1;
  const title = isTest ? texts.proformaReceipt : texts.receipt;
  const date = (iso: string) => formatReceiptDate(iso, language, options.timeZone);
  const money = (amount: string, currency = detail.currencyCode) => `${currency} ${amount}`;

  const document = new PDFDocument({
    // pdfkit opens a default font for every document: the one this receipt is written in, or
    // none (null, which pdfkit takes though its types do not say so) for the Unicode faces.
    font: (faces ? null : STANDARD_FACES.regular) as string,
    size: 'A4',
    margins: { top: MARGIN, bottom: 24, left: MARGIN, right: MARGIN },
    lang: language === 'ko' ? 'ko-KR' : 'en',
    displayTitle: true,
    info: {
      Title: printable(`${title} ${detail.orderID}`),
      Author: printable(company.companyName),
      Subject: printable(`${texts.orderId} ${detail.orderID}`),
    },
  });
  const output = collect(document);
  // Built-in fonts are named, not registered under an alias: an alias of a font the document
  // already holds (its default Helvetica) is never kept, so pdfkit parsed Helvetica's metrics
  // again on every switch back to it (16.5 ms a receipt; 4.7 ms named).
  if (faces) {
    // A parsed fontkit font is taken as it is (pdfkit's types list only files and bytes).
    document.registerFont('regular', faces.regular as unknown as Buffer);
    document.registerFont('bold', faces.bold as unknown as Buffer);
  }
  const fontOf = (face: Face) => (faces ? face : STANDARD_FACES[face]);

  const style = (face: Face, size: number, color = INK) =>
    document.font(fontOf(face)).fontSize(size).fillColor(color);
  /** Writes `value` in a box and answers where the box ends; at most `maxLines` lines. */
  const write = (
    value: string,
    x: number,
    y: number,
    width: number,
    {
      align = 'left',
      maxLines = 3,
    }: { align?: 'left' | 'right' | 'center'; maxLines?: number } = {},
  ): number => {
    const text = printable(value);
    const lineHeight = document.currentLineHeight(true);
    const height = Math.min(document.heightOfString(text, { width }), lineHeight * maxLines);
    document.text(text, x, y, { width, align, height: height + 0.5, ellipsis: true });
    return y + height;
  };

  // Header: the logo (or the company's name) on the left, the title and references on the right.
  let leftBottom = MARGIN;
  if (options.logo) {
    try {
      document.image(options.logo, MARGIN, MARGIN, { fit: [170, 56] });
      leftBottom = MARGIN + 56;
    } catch {
      // An image pdfkit cannot read: the name stands in for it.
    }
  }
  if (leftBottom === MARGIN) {
    style('bold', 16, accent);
    leftBottom = write(company.companyName, MARGIN, MARGIN, 250, { maxLines: 2 });
  }
  const rightX = MARGIN + 260;
  const rightWidth = CONTENT_WIDTH - 260;
  style('bold', 22, accent);
  let rightBottom = write(title, rightX, MARGIN, rightWidth, { align: 'right', maxLines: 1 });
  style('regular', 9, MUTED);
  rightBottom = write(`${texts.orderId}: ${detail.orderID}`, rightX, rightBottom + 4, rightWidth, {
    align: 'right',
    maxLines: 2,
  });
  rightBottom = write(date(detail.transactionDate), rightX, rightBottom + 2, rightWidth, {
    align: 'right',
    maxLines: 1,
  });
  let y = Math.max(leftBottom, rightBottom) + 14;
  document
    .moveTo(MARGIN, y)
    .lineTo(MARGIN + CONTENT_WIDTH, y)
    .lineWidth(1.5)
    .strokeColor(accent)
    .stroke();

  // The two parties.
  const partyWidth = (CONTENT_WIDTH - 24) / 2;
  const labelled = (label: string, value: string | null) =>
    value === null || value.trim() === '' ? null : `${label}: ${value}`;
  const joined = (parts: (string | null)[], separator: string) =>
    parts.filter((part): part is string => part !== null && part.trim() !== '').join(separator);
  const drawParty = (x: number, top: number, label: string, name: string, lines: string[]) => {
    style('bold', 8, MUTED);
    let bottom = write(label.toUpperCase(), x, top, partyWidth, { maxLines: 1 });
    style('bold', 11);
    bottom = write(name, x, bottom + 4, partyWidth, { maxLines: 2 });
    style('regular', 9);
    for (const line of lines) bottom = write(line, x, bottom + 2, partyWidth, { maxLines: 2 });
    return bottom;
  };
  const companyLines = [
    company.officeAddress,
    joined([company.city, company.postalCode], ' '),
    company.country,
    labelled(texts.vatNumber, company.companyVATNumber),
    labelled(texts.phone, company.contactNo),
    company.websiteUrl,
  ].filter((line): line is string => line !== null && line.trim() !== '');
  const customerLines = [
    customer.companyName,
    customer.address,
    joined([customer.city, customer.state, customer.postalCode], ', '),
    customer.region,
    labelled(texts.email, customer.emailID),
    labelled(texts.phone, customer.contactNo),
    labelled(texts.vatNumber, customer.customerVatNumber),
  ].filter((line): line is string => line !== null && line.trim() !== '');
  const partiesTop = y + 16;
  y =
    Math.max(
      drawParty(MARGIN, partiesTop, texts.from, company.companyName, companyLines),
      drawParty(
        MARGIN + partyWidth + 24,
        partiesTop,
        texts.billedTo,
        `${customer.firstName} ${customer.lastName}`,
        customerLines,
      ),
    ) + 20;

  const hasMachines = detail.machines.length > 0;
  // The order's references, three to a row, on a light panel.
  const facts: [string, string][] = [
    [texts.orderId, detail.orderID],
    [texts.transactionId, detail.transactionID ?? '-'],
    [texts.paymentDate, date(detail.transactionDate)],
    [texts.paymentMode, detail.paymentMode ?? '-'],
    [
      texts.purchaseType,
      texts.purchaseTypes[detail.bankReference as BankReference] ?? detail.bankReference,
    ],
    [texts.product, detail.vmName],
    ...(detail.region ? [[texts.region, detail.region] as [string, string]] : []),
    // Several machines each have their own period, listed with their lines below.
    ...(detail.validity > 0 && !hasMachines
      ? [[texts.period, texts.days(detail.validity)] as [string, string]]
      : []),
    ...(detail.endDate ? [[texts.validUntil, date(detail.endDate)] as [string, string]] : []),
  ];
  const padding = 12;
  const cellWidth = (CONTENT_WIDTH - 2 * padding - 2 * 12) / 3;
  const cellHeight = ([label, value]: [string, string]) => {
    style('bold', 7.5);
    const labelHeight = document.heightOfString(printable(label.toUpperCase()), {
      width: cellWidth,
    });
    style('regular', 10);
    const valueHeight = Math.min(
      document.heightOfString(printable(value), { width: cellWidth }),
      document.currentLineHeight(true) * 2,
    );
    return labelHeight + 3 + valueHeight;
  };
  const rows: [string, string][][] = [];
  for (let index = 0; index < facts.length; index += 3) rows.push(facts.slice(index, index + 3));
  const rowHeights = rows.map((row) => Math.max(...row.map(cellHeight)));
  const panelHeight =
    2 * padding + rowHeights.reduce((sum, height) => sum + height, 0) + 10 * (rows.length - 1);
  document.roundedRect(MARGIN, y, CONTENT_WIDTH, panelHeight, 6).fill(PANEL);
  let rowTop = y + padding;
  rows.forEach((row, rowIndex) => {
    row.forEach(([label, value], column) => {
      const x = MARGIN + padding + column * (cellWidth + 12);
      style('bold', 7.5, MUTED);
      const valueTop = write(label.toUpperCase(), x, rowTop, cellWidth, { maxLines: 1 }) + 3;
      style('regular', 10);
      write(value, x, valueTop, cellWidth, { maxLines: 2 });
    });
    rowTop += rowHeights[rowIndex]! + 10;
  });
  y += panelHeight + 22;

  // The lines bought.
  const columns = [
    { label: texts.item, width: CONTENT_WIDTH * 0.34, align: 'left' as const },
    { label: texts.quantity, width: CONTENT_WIDTH * 0.2, align: 'right' as const },
    { label: texts.price, width: CONTENT_WIDTH * 0.23, align: 'right' as const },
    { label: texts.discount, width: CONTENT_WIDTH * 0.23, align: 'right' as const },
  ];
  const drawRow = (cells: string[], top: number, face: Face, size: number, color = INK) => {
    let x = MARGIN;
    let bottom = top;
    cells.forEach((cell, index) => {
      const column = columns[index]!;
      style(face, size, color);
      bottom = Math.max(
        bottom,
        write(cell, x + 8, top, column.width - 16, { align: column.align, maxLines: 1 }),
      );
      x += column.width;
    });
    return bottom;
  };
  document.rect(MARGIN, y, CONTENT_WIDTH, 22).fill(accent);
  drawRow(
    columns.map((column) => column.label),
    y + 6.5,
    'bold',
    9,
    '#ffffff',
  );
  y += 22;
  /** Starts a new page when `height` more would run into the footer's band. */
  const makeRoom = (height: number) => {
    if (y + height <= PAGE_HEIGHT - MARGIN - 48) return;
    document.addPage();
    y = MARGIN;
  };
  const drawLine = (line: TInvoiceLine) => {
    makeRoom(28);
    const bottom = drawRow(
      [
        texts.lineItems[line.item],
        `${line.count} ${line.unit}`.trim(),
        money(line.price),
        line.discount === '0.00' ? '-' : money(line.discount),
      ],
      y + 8,
      'regular',
      10,
    );
    y = bottom + 8;
    document
      .moveTo(MARGIN, y)
      .lineTo(MARGIN + CONTENT_WIDTH, y)
      .lineWidth(0.75)
      .strokeColor(RULE)
      .stroke();
  };
  if (hasMachines) {
    // A multi-renew: each machine with its region, its days and its own lines.
    for (const machine of detail.machines) {
      makeRoom(28 + 28 * machine.lines.length);
      const heading = joined(
        [
          machine.vmName,
          machine.region,
          texts.days(machine.days),
          machine.arrears === '0.00' ? null : `${texts.arrears} ${money(machine.arrears)}`,
        ],
        '  ·  ',
      );
      style('bold', 10);
      const headingHeight = Math.min(
        document.heightOfString(printable(heading), { width: CONTENT_WIDTH - 16 }),
        document.currentLineHeight(true) * 2,
      );
      document.rect(MARGIN, y, CONTENT_WIDTH, headingHeight + 12).fill(PANEL);
      style('bold', 10);
      y = write(heading, MARGIN + 8, y + 6, CONTENT_WIDTH - 16, { maxLines: 2 }) + 6;
      for (const line of machine.lines) drawLine(line);
    }
  } else {
    for (const line of detail.lines) drawLine(line);
  }
  y += 14;
  makeRoom(150);

  // Totals, on the right.
  const totalsX = MARGIN + CONTENT_WIDTH * 0.4;
  const totalsWidth = CONTENT_WIDTH * 0.6;
  const valueWidth = 120;
  const labelWidth = totalsWidth - valueWidth - 8;
  const drawTotal = (label: string, value: string, face: Face = 'regular', size = 10) => {
    style(face, size);
    const labelBottom = write(label, totalsX, y, labelWidth, { maxLines: 2 });
    const valueBottom = write(value, totalsX + labelWidth + 8, y, valueWidth, {
      align: 'right',
      maxLines: 1,
    });
    y = Math.max(labelBottom, valueBottom) + 6;
  };
  drawTotal(texts.subtotal, money(detail.cost));
  drawTotal(
    texts.discount,
    detail.discount === '0.00' ? money('0.00') : `-${money(detail.discount)}`,
  );
  drawTotal(texts.tax(formatPercent(detail.tax), detail.taxBasis), money(detail.taxAmount));
  if (detail.arrears !== '0.00') drawTotal(texts.arrears, money(detail.arrears));
  document
    .moveTo(totalsX, y)
    .lineTo(MARGIN + CONTENT_WIDTH, y)
    .lineWidth(1)
    .strokeColor(accent)
    .stroke();
  y += 8;
  drawTotal(texts.total, money(detail.totalCost), 'bold', 12);
  const isChargedOtherwise =
    detail.chargedCurrency !== detail.currencyCode || detail.chargedAmount !== detail.totalCost;
  if (isChargedOtherwise) {
    drawTotal(
      texts.charged(detail.chargedCurrency),
      money(detail.chargedAmount, detail.chargedCurrency),
    );
  }

  if (isTest) {
    y += 14;
    style('regular', 9, '#7a4100');
    const noteHeight = document.heightOfString(printable(texts.testNote), {
      width: CONTENT_WIDTH - 24,
    });
    document.roundedRect(MARGIN, y, CONTENT_WIDTH, noteHeight + 20, 6).fill('#fff4e0');
    style('regular', 9, '#7a4100');
    write(texts.testNote, MARGIN + 12, y + 10, CONTENT_WIDTH - 24, { maxLines: 3 });
  }

  // Footer.
  const footerY = PAGE_HEIGHT - MARGIN - 24;
  document
    .moveTo(MARGIN, footerY - 10)
    .lineTo(MARGIN + CONTENT_WIDTH, footerY - 10)
    .lineWidth(0.75)
    .strokeColor(RULE)
    .stroke();
  style('regular', 9, MUTED);
  write(texts.thanks, MARGIN, footerY, CONTENT_WIDTH, { align: 'center', maxLines: 1 });
  write(
    joined([company.companyName, company.websiteUrl, company.contactNo], '  ·  '),
    MARGIN,
    footerY + 13,
    CONTENT_WIDTH,
    { align: 'center', maxLines: 1 },
  );

  if (!isTest) {
    document.save();
    document.rotate(-35, { origin: [PAGE_WIDTH / 2, PAGE_HEIGHT / 2] });
    style('bold', language === 'ko' ? 96 : 120, PAID_GREEN);
    document.fillOpacity(0.1);
    const stamp = printable(texts.watermark);
    const stampWidth = document.widthOfString(stamp);
    document.text(
      stamp,
      PAGE_WIDTH / 2 - stampWidth / 2,
      PAGE_HEIGHT / 2 - document.currentLineHeight() / 2,
      { lineBreak: false },
    );
    document.restore();
  }

  document.end();
  return output;
}

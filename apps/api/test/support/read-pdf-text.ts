import { createRequire } from 'node:module';
import path from 'node:path';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

// pdf.js reads Helvetica's metrics from its own folder (a PDF's built-in fonts are not embedded).
const standardFontDataUrl = `${path.join(
  path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json')),
  'standard_fonts',
)}/`;

/** For tests: a PDF's page count, first page size and its text as a reader extracts it. */
export async function readPdf(pdf: Buffer) {
  const document = await getDocument({
    data: new Uint8Array(pdf),
    isEvalSupported: false,
    standardFontDataUrl,
  }).promise;
  const page = await document.getPage(1);
  const content = await page.getTextContent();
  const text = content.items.map((item) => ('str' in item ? item.str : '')).join(' ');
  const info = (await document.getMetadata()).info as { Title?: string };
  const result = {
    pageCount: document.numPages,
    size: page.view.slice(2) as [number, number],
    text,
    /** The text without white space: a PDF's words may arrive split anywhere. */
    squashed: text.replace(/\s+/g, ''),
    title: info.Title ?? '',
  };
  await document.destroy();
  return result;
}

export const squash = (value: string) => value.replace(/\s+/g, '');

import fs from 'node:fs/promises';
import { createRequire } from 'node:module';

/** A font file pdfkit embeds (subset); `postscriptName` picks one face of a collection (.ttc). */
type FontFile = { path: string; postscriptName?: string };

/** The faces a receipt is written in: Latin and Hangul in one family, so any name prints. */
export type ReceiptFontFaces = {
  regular: { data: Buffer; postscriptName?: string };
  bold: { data: Buffer; postscriptName?: string };
};

const require = createRequire(import.meta.url);

function packagedFont(file: string): string | null {
  try {
    return require.resolve(`@expo-google-fonts/noto-sans-kr/${file}`);
  } catch {
    return null;
  }
}

const SYSTEM_CJK_DIR = '/usr/share/fonts/opentype/noto';

/**
 * The Unicode fonts to try, best first: Noto Sans KR from npm (TrueType outlines, so a receipt
 * embeds a few kilobytes of it), else Debian's fonts-noto-cjk. The first pair whose files exist
 * wins.
 */
function fontCandidates(): { regular: FontFile; bold: FontFile }[] {
  const packagedRegular = packagedFont('400Regular/NotoSansKR_400Regular.ttf');
  const packagedBold = packagedFont('700Bold/NotoSansKR_700Bold.ttf');
  return [
    ...(packagedRegular && packagedBold
      ? [{ regular: { path: packagedRegular }, bold: { path: packagedBold } }]
      : []),
    {
      regular: {
        path: `${SYSTEM_CJK_DIR}/NotoSansCJK-Regular.ttc`,
        postscriptName: 'NotoSansCJKkr-Regular',
      },
      bold: {
        path: `${SYSTEM_CJK_DIR}/NotoSansCJK-Bold.ttc`,
        postscriptName: 'NotoSansCJKkr-Bold',
      },
    },
  ];
}

async function readFace(file: FontFile) {
  return { data: await fs.readFile(file.path), postscriptName: file.postscriptName };
}

async function loadFaces(): Promise<ReceiptFontFaces | null> {
  for (const candidate of fontCandidates()) {
    try {
      return { regular: await readFace(candidate.regular), bold: await readFace(candidate.bold) };
    } catch {
      // Not on this machine: try the next.
    }
  }
  return null;
}

let faces: Promise<ReceiptFontFaces | null> | undefined;

/**
 * The receipt's fonts, read once per process (a CJK collection is 19 MB: reading it for every
 * receipt would cost more than drawing the receipt). Null when no Unicode font is installed:
 * receipts are then written in English with the PDF's built-in Helvetica.
 */
export function receiptFontFaces(): Promise<ReceiptFontFaces | null> {
  faces ??= loadFaces();
  return faces;
}

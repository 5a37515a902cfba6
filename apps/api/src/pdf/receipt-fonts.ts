import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import * as fontkit from 'fontkit';

/** A font file pdfkit embeds (subset); `postscriptName` picks one face of a collection (.ttc). */
type FontFile = { path: string; postscriptName?: string };

/**
 * The faces a receipt is written in: Latin and Hangul in one family, so any name prints. Parsed
 * once per process and handed to every document (pdfkit takes a fontkit font as it is and embeds
 * the glyphs each receipt uses); parsing a 6 MB font for each receipt cost more than drawing it.
 */
type ReceiptFontFaces = { regular: fontkit.Font; bold: fontkit.Font };

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

async function readFace({ path, postscriptName }: FontFile): Promise<fontkit.Font> {
  const font = fontkit.create(await fs.readFile(path), postscriptName);
  // A collection without the named face answers the collection: not a face to write in.
  if (!('layout' in font)) throw new Error(`no face ${postscriptName ?? ''} in ${path}`);
  return font;
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
 * The receipt's fonts, read and parsed once per process (a CJK collection is 19 MB: reading it
 * for every receipt would cost more than drawing the receipt). Null when no Unicode font is
 * installed: receipts are then written in English with the PDF's built-in Helvetica.
 */
export function receiptFontFaces(): Promise<ReceiptFontFaces | null> {
  faces ??= loadFaces();
  return faces;
}

import { MAX_LICENCE_BYTES } from '@cloud-portal/contract/orders/licence-rules';
import { orderMessages } from '@cloud-portal/contract/orders/order-messages';

export { MAX_LICENCE_BYTES };

/** Every PDF starts with these bytes ("%PDF-"), whatever its name or the type the browser guesses. */
const PDF_SIGNATURE = [0x25, 0x50, 0x44, 0x46, 0x2d];

const LICENCE_HEAD_BYTES = PDF_SIGNATURE.length;

/**
 * Why a chosen licence cannot be sent (the server checks again): larger than 20 MB, or not a PDF
 * by its first bytes. Null when it can. The messages are the contract's (English).
 */
export function licenceFileProblem(file: { bytes: number; head: Uint8Array }): string | null {
  if (file.bytes > MAX_LICENCE_BYTES) return orderMessages.licenceTooLarge;
  const isPdf =
    file.head.length >= PDF_SIGNATURE.length &&
    PDF_SIGNATURE.every((byte, index) => file.head[index] === byte);
  return isPdf ? null : orderMessages.licenceNotPdf;
}

/** Reads the first bytes of the chosen file and checks it (size first: a huge file is not read). */
export async function checkLicenceFile(file: File): Promise<string | null> {
  if (file.size > MAX_LICENCE_BYTES) return orderMessages.licenceTooLarge;
  const head = new Uint8Array(await file.slice(0, LICENCE_HEAD_BYTES).arrayBuffer());
  return licenceFileProblem({ bytes: file.size, head });
}

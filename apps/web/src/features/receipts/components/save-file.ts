/** How long the browser keeps the file's address after the download has started. */
const REVOKE_AFTER_MS = 60_000;

/** Saves a file the page already holds, under `fileName`, as the browser saves downloads. */
export function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked later rather than at once: some browsers start reading the file after click() returns.
  window.setTimeout(() => URL.revokeObjectURL(url), REVOKE_AFTER_MS);
}

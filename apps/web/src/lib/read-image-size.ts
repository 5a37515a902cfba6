/**
 * The picture's real size in pixels, as the browser decodes it; rejects when the file is no
 * picture the browser can read (a renamed PDF, a truncated PNG). Used to check uploads when the
 * file is chosen, not when it is sent.
 */
export async function readImageSize(file: Blob): Promise<{ width: number; height: number }> {
  if (typeof createImageBitmap === 'function') {
    try {
      const bitmap = await createImageBitmap(file);
      const size = { width: bitmap.width, height: bitmap.height };
      bitmap.close();
      return size;
    } catch {
      // Some browsers decode fewer formats here than in <img>: try that way before giving up.
    }
  }
  const url = URL.createObjectURL(file);
  try {
    const image = new Image();
    image.src = url;
    await image.decode();
    return { width: image.naturalWidth, height: image.naturalHeight };
  } finally {
    URL.revokeObjectURL(url);
  }
}

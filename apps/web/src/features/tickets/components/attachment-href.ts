/** A link's address: the attachment's path on the site after the call's websiteUrl (§2.9). */
export function attachmentHref(websiteUrl: string, path: string): string {
  return `${websiteUrl.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
}

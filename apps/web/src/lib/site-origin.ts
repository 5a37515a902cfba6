/** The origin the portal is served from: it names the company in every public call. */
export function getSiteOrigin(): string {
  return window.location.origin;
}

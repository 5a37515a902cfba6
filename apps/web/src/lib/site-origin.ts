import { pageEnvironment } from './page-environment';

/**
 * The origin the portal is served from: it names the company in every public call. Only behind
 * Vite's dev server is it replaced by the API's origin (see vite.config.ts).
 */
export function getSiteOrigin(): string {
  return import.meta.env.VITE_COMPANY_ORIGIN ?? pageEnvironment().origin;
}

import type { FastifyRequest } from 'fastify';
import {
  LANGUAGES,
  toLanguage,
  type TLanguage,
} from '@cloud-portal/contract/company/company-rules';
import { LANGUAGE_COOKIE } from '@cloud-portal/contract/web/first-render';
import type { Company } from './company-directory';

/**
 * The language a visitor reads the site in: the web app sends its current language as
 * Accept-Language; otherwise the company's default.
 */
export function requestLanguage(request: FastifyRequest, company: Company): TLanguage {
  const header = request.headers['accept-language'] ?? '';
  for (const part of header.split(',')) {
    const tag = part.split(';')[0]?.trim().slice(0, 2).toLowerCase();
    if ((LANGUAGES as readonly string[]).includes(tag ?? '')) return tag as TLanguage;
  }
  return companyLanguage(company);
}

export function companyLanguage(company: Company): TLanguage {
  return toLanguage(company.defaultLanguage);
}

/**
 * The language of a page the browser opens itself (a gateway's checkout, a console), which
 * carries only the browser's own Accept-Language: the language the customer chose in the portal
 * (its cookie, ADR 022) first, then `fallback` (what the page's subject remembers, such as the
 * order's language), then Accept-Language and the company's default.
 */
export function pageLanguage(
  request: FastifyRequest,
  company: Company,
  fallback?: string | null,
): TLanguage {
  const chosen = request.cookies?.[LANGUAGE_COOKIE];
  if (chosen && (LANGUAGES as readonly string[]).includes(chosen)) return chosen as TLanguage;
  if (fallback && (LANGUAGES as readonly string[]).includes(fallback)) return fallback as TLanguage;
  return requestLanguage(request, company);
}

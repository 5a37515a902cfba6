import type { FastifyRequest } from 'fastify';
import {
  LANGUAGES,
  toLanguage,
  type TLanguage,
} from '@cloud-portal/contract/company/company-rules';
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

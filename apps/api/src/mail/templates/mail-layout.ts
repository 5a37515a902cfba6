import type { TLanguage } from '@cloud-portal/contract/company/company-rules';
import type { Company } from '../../tenancy/company-directory';

export type MailBrand = {
  name: string;
  logoUrl: string | null;
  portalUrl: string;
  email: string | null;
  phone: string | null;
  color: string;
};

export type RenderedMail = {
  subject: string;
  html: string;
  text: string;
  /** The subject the outbox keeps once the mail is delivered, when `subject` holds a secret. */
  subjectOnRecord?: string;
};

type MailContent = {
  language: TLanguage;
  subject: string;
  heading: string;
  paragraphs: string[];
  /** Text the reader sent us, quoted back. */
  quote?: { label: string; lines: string[] };
  action?: { label: string; url: string };
  unsubscribe?: { label: string; url: string };
};

export function toMailBrand(company: Company): MailBrand {
  const absolute = (pathOrUrl: string | null) =>
    pathOrUrl ? new URL(pathOrUrl, company.portalUrl).toString() : null;
  return {
    name: company.name,
    logoUrl: absolute(company.logoPath),
    portalUrl: company.portalUrl,
    email: company.email,
    phone: company.contactNumber,
    color: /^#[0-9a-f]{6}$/i.test(company.primaryColor ?? '') ? company.primaryColor! : '#0b6bcb',
  };
}

export function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

/** The one branded layout every mail uses: an HTML part (inline styles, mail clients ignore CSS) and a text part. */
export function renderMail(brand: MailBrand, content: MailContent): RenderedMail {
  const e = escapeHtml;
  const contactLine = [brand.email, brand.phone].filter(Boolean).join(' · ');
  const html = `<!doctype html>
<html lang="${content.language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${e(content.subject)}</title></head>
<body style="margin:0;background:#f4f6f8;font-family:Segoe UI,Helvetica,Arial,sans-serif;color:#1b2a3a">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f4f6f8;padding:24px 0"><tr><td align="center">
<table role="presentation" width="600" cellpadding="0" cellspacing="0" style="max-width:600px;width:100%;background:#ffffff;border-radius:8px;overflow:hidden">
<tr><td style="padding:20px 28px;border-bottom:4px solid ${brand.color}">${
    brand.logoUrl
      ? `<img src="${e(brand.logoUrl)}" alt="${e(brand.name)}" height="48" style="display:block;height:48px;border:0">`
      : `<strong style="font-size:20px">${e(brand.name)}</strong>`
  }</td></tr>
<tr><td style="padding:28px">
<h1 style="font-size:20px;margin:0 0 16px">${e(content.heading)}</h1>
${content.paragraphs.map((paragraph) => `<p style="font-size:15px;line-height:1.55;margin:0 0 14px">${e(paragraph)}</p>`).join('\n')}
${
  content.quote
    ? `<p style="font-size:13px;color:#5a6b7d;margin:18px 0 6px">${e(content.quote.label)}</p><blockquote style="margin:0;padding:12px 16px;background:#f4f6f8;border-left:3px solid ${brand.color};font-size:14px;line-height:1.5">${content.quote.lines.map(e).join('<br>')}</blockquote>`
    : ''
}
${
  content.action
    ? `<p style="margin:22px 0 0"><a href="${e(content.action.url)}" style="display:inline-block;background:${brand.color};color:#ffffff;text-decoration:none;padding:10px 18px;border-radius:6px;font-weight:600">${e(content.action.label)}</a></p>`
    : ''
}
</td></tr>
<tr><td style="padding:18px 28px;background:#f9fafb;font-size:12px;color:#5a6b7d;line-height:1.5">
${e(brand.name)} · <a href="${e(brand.portalUrl)}" style="color:#5a6b7d">${e(brand.portalUrl)}</a>${contactLine ? `<br>${e(contactLine)}` : ''}${
    content.unsubscribe
      ? `<br><a href="${e(content.unsubscribe.url)}" style="color:#5a6b7d">${e(content.unsubscribe.label)}</a>`
      : ''
  }
</td></tr></table></td></tr></table></body></html>`;

  const text = [
    content.heading,
    '',
    ...content.paragraphs.flatMap((paragraph) => [paragraph, '']),
    ...(content.quote
      ? [content.quote.label, ...content.quote.lines.map((line) => `> ${line}`), '']
      : []),
    ...(content.action ? [`${content.action.label}: ${content.action.url}`, ''] : []),
    '—',
    `${brand.name} · ${brand.portalUrl}`,
    ...(contactLine ? [contactLine] : []),
    ...(content.unsubscribe ? [`${content.unsubscribe.label}: ${content.unsubscribe.url}`] : []),
  ].join('\n');

  return { subject: content.subject, html, text };
}

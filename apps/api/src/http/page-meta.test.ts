import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  describePage,
  escapeHtml,
  PAGE_DESCRIPTIONS,
  PAGE_TITLES,
  withPageMeta,
} from './page-meta';

const webTexts = (language: 'en' | 'ko') =>
  JSON.parse(
    fs.readFileSync(
      path.resolve(import.meta.dirname, `../../../web/src/i18n/${language}.json`),
      'utf8',
    ),
  ) as { pages: Record<string, string>; pageDescriptions: Record<string, string> };

describe('page titles and descriptions', () => {
  it("are the web app's English texts, which it keeps current in the visitor's language", () => {
    const en = webTexts('en');
    for (const [page, title] of Object.entries(PAGE_TITLES)) expect(en.pages[page]).toBe(title);
    expect(en.pageDescriptions).toEqual(PAGE_DESCRIPTIONS);
    // Korean has every description, each naming the company.
    const ko = webTexts('ko');
    expect(Object.keys(ko.pageDescriptions).sort()).toEqual(Object.keys(PAGE_DESCRIPTIONS).sort());
    for (const text of Object.values(ko.pageDescriptions)) expect(text).toContain('{{company}}');
  });

  it('name the company in every description', () => {
    for (const text of Object.values(PAGE_DESCRIPTIONS)) expect(text).toContain('{{company}}');
    expect(describePage('/productdetails/12', 'Acme')).toEqual({
      title: 'Product Details · Acme',
      description:
        'Configure a virtual machine at Acme: memory, disk, processors, region and price.',
    });
    expect(describePage('/nowhere', 'Acme').title).toBe('Acme');
    // Names of Object.prototype are not pages.
    expect(describePage('/constructor', 'Acme').title).toBe('Acme');
  });

  it('replace the built title and description, escaped', () => {
    const html =
      '<head>\n    <title>Cloud Portal</title>\n    <meta name="description" content="old" />\n</head>';
    const result = withPageMeta(html, {
      title: 'Home · A "B" <C>',
      description: "A & B's",
    });
    expect(result).toBe(
      '<head>\n    <title>Home · A &quot;B&quot; &lt;C&gt;</title>\n    <meta name="description" content="A &amp; B&#39;s" />\n</head>',
    );
    expect(escapeHtml('<script>')).toBe('&lt;script&gt;');
  });
});

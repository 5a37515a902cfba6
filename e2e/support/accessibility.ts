import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { settleAnimations } from './browser';

const axeSource = fs.readFileSync(
  createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
  'utf8',
);

type Violation = { id: string; impact: string | null; help: string; targets: string[] };

/**
 * The WCAG 2 A and AA problems axe-core finds on the page as it is now, one line each, so a
 * journey can assert there are none.
 */
export async function accessibilityViolations(page: Page): Promise<string[]> {
  await settleAnimations(page);
  // Evaluated through the DevTools protocol, which the page's Content-Security-Policy allows.
  await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (...args: unknown[]) => Promise<unknown> } })
      .axe;
    const result = (await axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
    })) as {
      violations: {
        id: string;
        impact: string | null;
        help: string;
        nodes: { target: string[] }[];
      }[];
    };
    return result.violations.map((violation): Violation => ({
      id: violation.id,
      impact: violation.impact,
      help: violation.help,
      targets: violation.nodes.map((node) => node.target.join(' ')),
    }));
  });
  return violations.map(
    (violation) =>
      `${violation.id} (${violation.impact}): ${violation.help} — ${violation.targets.slice(0, 5).join(', ')}`,
  );
}

import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { expect, type Page } from '@playwright/test';

// axe-core runs inside the page under test, as a browser extension would: the real DOM, styles
// and colours of the composed site. WCAG 2.1 A/AA plus axe's best practices (landmarks, one h1).
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];

interface Violation {
  id: string;
  impact: string | null;
  help: string;
  targets: string[];
}

/** Fails with every violation axe finds in the page as it is now, each with where it is. */
export async function expectNoAccessibilityViolations(page: Page, what: string) {
  // Evaluated, not added as an inline <script>: the site's Content-Security-Policy refuses inline
  // scripts without the page's nonce (docs/decisions/0028-secure-by-default.md), as it should.
  await page.evaluate(axeSource);
  const violations = await page.evaluate(async (tags): Promise<Violation[]> => {
    const axe = (window as unknown as { axe: { run: (...args: unknown[]) => Promise<AxeResults> } }).axe;
    interface AxeResults {
      violations: { id: string; impact: string | null; help: string; nodes: { target: string[] }[] }[];
    }
    const results = await axe.run(document, { runOnly: { type: 'tag', values: tags } });
    return results.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      targets: v.nodes.slice(0, 5).map((n) => n.target.join(' ')),
    }));
  }, TAGS);
  const report = violations
    .map((v) => `${v.id} [${v.impact}] ${v.help}\n    ${v.targets.join('\n    ')}`)
    .join('\n');
  expect(violations, `${what}:\n${report}`).toEqual([]);
}

/** A page is ready to check once its one h1 shows and no skeleton is left. */
export async function waitForPageContent(page: Page) {
  await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.locator('.mantine-Skeleton-root')).toHaveCount(0);
}

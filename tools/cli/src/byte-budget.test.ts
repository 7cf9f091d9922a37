import { describe, expect, it } from 'vitest';
import type { SizedFile } from './bench/page-assets.ts';
import { budgetReport, isOverBudget, kbByPart, type PageBudget, type PageLoad } from './byte-budget.ts';

const KB = 1024;

function file(pkg: string, type: 'js' | 'css', urlPath: string, compressedKb: number): SizedFile {
  return { pkg, type, urlPath, raw: compressedKb * KB * 3, compressed: compressedKb * KB };
}

/** A page as it was when its budget was set: 250 KB of host JS, 20 KB of CSS, 25 KB of catalog. */
const files = [
  file('host', 'js', '/main.aaaa.js', 150),
  file('host', 'js', '/784.bbbb.js', 100),
  file('host', 'css', '/main.cccc.css', 20),
  file('catalog', 'js', '/__federation_expose_CategoryPage.dddd.js', 25),
];
const budget: PageBudget = { budgetKb: 297, recordedKb: kbByPart(files) };
const category = (pageFiles: SizedFile[]): PageLoad => ({
  name: 'category',
  path: '/category/products/04',
  files: pageFiles,
});

/** Each script's libraries, as the source maps would name them. */
const partsOf = async ({ urlPath }: SizedFile) =>
  urlPath.startsWith('/784.')
    ? [
        { owner: 'chart.js', bytes: 60 * KB },
        { owner: 'react-dom', bytes: 40 * KB },
      ]
    : [{ owner: '@mantine/core', bytes: 100 * KB }];

describe('the byte budget', () => {
  it('records each package’s JS and CSS in KB', () => {
    expect(budget.recordedKb).toEqual({ 'catalog js': 25, 'host css': 20, 'host js': 250 });
  });

  it('passes a page at or under its budget', () => {
    expect(isOverBudget(category(files), budget)).toBe(false);
    expect(isOverBudget(category(files), { ...budget, budgetKb: 295 })).toBe(false);
  });

  it('fails a page that grows past its budget and names the part, the file and the library that grew', async () => {
    const grown = files.map((f) =>
      f.urlPath.startsWith('/784.') ? file('host', 'js', '/784.eeee.js', 110) : f,
    );
    const load = category(grown);
    expect(isOverBudget(load, budget)).toBe(true);
    const report = await budgetReport(load, budget, partsOf);
    expect(report).toContain(
      'category (/category/products/04): 305.0 KB of compressed JS+CSS, budget 297.0 KB, 8.0 KB OVER',
    );
    expect(report).toMatch(/host js\s+260\.0 KB\s+250\.0 KB\s+\+10\.0 KB/);
    expect(report).toContain('host js grew: its files, largest first');
    expect(report).toMatch(/\/784\.eeee\.js\s+110\.0 KB\s+chart\.js 60\.0, react-dom 40\.0/);
    // Only what grew is listed file by file: the unchanged catalog's files stay out.
    expect(report).not.toContain('__federation_expose_CategoryPage');
  });

  it('names a package the page did not load before as grown', async () => {
    const load = category([...files, file('checkout', 'js', '/remoteEntry.js', 5)]);
    expect(isOverBudget(load, budget)).toBe(true);
    const report = await budgetReport(load, budget, partsOf);
    expect(report).toMatch(/checkout js\s+5\.0 KB\s+not loaded\s+\+5\.0 KB/);
    expect(report).toContain('checkout js grew');
  });

  it('lists every file when nothing grew but the budget was lowered below the page', async () => {
    const report = await budgetReport(category(files), { ...budget, budgetKb: 280 }, partsOf);
    expect(report).toContain('15.0 KB OVER');
    expect(report).toMatch(/host js\s+250\.0 KB\s+250\.0 KB\s+0\.0 KB/);
    expect(report).toContain('Nothing grew since the budget was set');
    expect(report).toContain('/main.aaaa.js');
    expect(report).toContain('__federation_expose_CategoryPage');
  });
});

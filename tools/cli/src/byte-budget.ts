// The byte budget the browser journeys hold each page to (e2e/tests/byte-budget.spec.ts,
// docs/decisions/0044-byte-budget-in-the-tests.md): the compressed JS and CSS of a page's first
// load against the page's budget in e2e/byte-budget.ts. When a page is over, the report says which
// package grew since the budget was set, and lists that package's files with the libraries they
// are made of, so whoever made the page heavier sees what did it.
import type { SizedFile } from './bench/page-assets.ts';
import { KB, kb, table } from './bench/table.ts';

export interface PageBudget {
  /** The most compressed JS + CSS (KB) the page's first load may fetch. */
  budgetKb: number;
  /**
   * What each package's JS and CSS weighed (compressed KB) when the budget was last set, by
   * `partOf`: the figures a report compares against to say what grew.
   */
  recordedKb: Record<string, number>;
}

/** One measured first load: the page's name and path, and every JS and CSS file it fetched. */
export interface PageLoad {
  name: string;
  path: string;
  files: readonly SizedFile[];
}

/** A library or package inside a file, with its minified bytes (bench/bundle-contents.ts). */
export interface Part {
  owner: string;
  bytes: number;
}

/** What a script is made of; the byte-budget journey reads it from the build's source maps. */
export type PartsOf = (file: SizedFile) => Promise<readonly Part[]>;

/** The unit a budget records and a report compares: one package's JS or CSS, e.g. `host js`. */
export const partOf = (file: Pick<SizedFile, 'pkg' | 'type'>): string => `${file.pkg} ${file.type}`;

export const totalBytes = (files: readonly SizedFile[]): number =>
  files.reduce((sum, file) => sum + file.compressed, 0);

/** Compressed KB per `partOf`, with one decimal: the figures a budget records. */
export function kbByPart(files: readonly SizedFile[]): Record<string, number> {
  const bytes: Record<string, number> = {};
  for (const file of files) bytes[partOf(file)] = (bytes[partOf(file)] ?? 0) + file.compressed;
  return Object.fromEntries(
    Object.entries(bytes)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([part, n]) => [part, Number(kb(n))]),
  );
}

export const isOverBudget = (load: PageLoad, budget: PageBudget): boolean =>
  totalBytes(load.files) > budget.budgetKb * KB;

/** A difference in KB with its sign, so a table shows growth at a glance; 0.0 for what rounds to it. */
const signedKb = (bytes: number) => {
  const shown = kb(bytes);
  return Number(shown) === 0 ? '0.0 KB' : `${bytes > 0 ? '+' : ''}${shown} KB`;
};

/** The page's total against its budget, on one line. */
export function budgetLine(load: PageLoad, budget: PageBudget): string {
  const total = totalBytes(load.files);
  const margin = budget.budgetKb * KB - total;
  return (
    `${load.name} (${load.path}): ${kb(total)} KB of compressed JS+CSS, budget ${budget.budgetKb.toFixed(1)} KB, ` +
    (margin >= 0 ? `${kb(margin)} KB to spare` : `${kb(-margin)} KB OVER`)
  );
}

/** Growth under this many bytes is noise (a changed hash in a file name), not what grew. */
const GREW_BYTES = 100;
/** A part smaller than this (0.0 KB as shown) names nothing worth cutting. */
const PART_BYTES = 52;

/**
 * The report for a page: its total against the budget, each package's JS and CSS now against the
 * recorded figure, and then the files of every part that grew (of every part, when none did and
 * the budget itself was lowered), largest first, each script with its largest libraries.
 */
export async function budgetReport(load: PageLoad, budget: PageBudget, partsOf: PartsOf): Promise<string> {
  const now: Record<string, number> = {};
  for (const file of load.files) now[partOf(file)] = (now[partOf(file)] ?? 0) + file.compressed;
  const parts = [...new Set([...Object.keys(now), ...Object.keys(budget.recordedKb)])];
  const growth = (part: string) => (now[part] ?? 0) - (budget.recordedKb[part] ?? 0) * KB;
  const grew = (part: string) => (growth(part) >= GREW_BYTES ? growth(part) : 0);
  // What grew most first, then the rest by size.
  parts.sort((a, b) => grew(b) - grew(a) || (now[b] ?? 0) - (now[a] ?? 0) || a.localeCompare(b));
  const grown = parts.filter((part) => grew(part) > 0);

  const out = [budgetLine(load, budget), ''];
  out.push(
    table(
      ['package', 'now', 'when budgeted', 'change'],
      parts.map((part) => [
        part,
        `${kb(now[part] ?? 0)} KB`,
        part in budget.recordedKb ? `${(budget.recordedKb[part] ?? 0).toFixed(1)} KB` : 'not loaded',
        signedKb(growth(part)),
      ]),
    ),
  );
  if (!grown.length) out.push('', 'Nothing grew since the budget was set: the budget is below the page.');
  for (const part of grown.length ? grown : parts) {
    const files = load.files.filter((file) => partOf(file) === part);
    if (!files.length) continue;
    out.push('', `${part}${grown.length ? ' grew' : ''}: its files, largest first (compressed)`);
    const rows: string[][] = [];
    for (const file of [...files].sort((a, b) => b.compressed - a.compressed)) {
      const row = [file.urlPath, `${kb(file.compressed)} KB`];
      // Stylesheets have no source maps to read parts from.
      if (file.type === 'js') {
        const largest = (await partsOf(file)).filter((c) => c.bytes >= PART_BYTES).slice(0, 4);
        row.push(largest.map((c) => `${c.owner} ${kb(c.bytes)}`).join(', '));
      }
      rows.push(row);
    }
    const header = ['file', 'size'];
    if (part.endsWith(' js')) header.push('largest parts (minified KB, from the source maps)');
    out.push(table(header, rows));
  }
  return out.join('\n');
}

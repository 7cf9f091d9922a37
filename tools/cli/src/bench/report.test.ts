import { describe, expect, it } from 'vitest';
import type { LighthouseRun } from './lighthouse.ts';
import { comparisonReport, freshBrowserReport, type Measured } from './report.ts';

/** A measured page with these TBT runs and medians, and `kb` KB of compressed JavaScript. */
function page(
  name: string,
  tbtRuns: number[],
  medians: { score: number; lcpMs: number; tbtMs: number },
  kb: number,
) {
  const bytes = { raw: kb * 3 * 1024, compressed: kb * 1024 };
  return {
    name,
    path: '/',
    url: `http://localhost/${name}`,
    signedIn: false,
    isReference: false,
    runs: tbtRuns.map((tbtMs) => ({ tbtMs }) as LighthouseRun),
    transfer: {
      status: 200,
      finalUrl: '',
      packages: { host: { js: bytes, css: { raw: 0, compressed: 0 } } },
      scripts: [],
      foreign: [],
      failed: [],
    },
    medians: { ...medians, cls: 0, fcpMs: 0, speedIndexMs: 0 },
    lcpRatio: 1,
  } as unknown as Measured;
}

describe('comparisonReport', () => {
  it('puts each page beside its baseline twin, baseline → now with the ratio, and both builds’ runs', () => {
    const now = [page('home', [464, 161, 144], { score: 0.97, lcpMs: 1364, tbtMs: 205 }, 286)];
    const before = [page('home', [267, 260, 306], { score: 0.95, lcpMs: 1293, tbtMs: 267 }, 286.5)];
    const report = comparisonReport('aaa8e47ead2840ce94ee45b192a4e9ca8de1aba9', now, before);
    const [title, header, , row] = report.split('\n');
    expect(title).toContain('baseline aaa8e47 ');
    expect(header).toMatch(
      /^page\s+score\s+LCP ms\s+TBT ms\s+JS\+CSS KB\s+TBT runs now\s+TBT runs baseline$/,
    );
    expect(row).toContain('0.95 → 0.97 (×1.02)');
    expect(row).toContain('1293 → 1364 (×1.05)');
    expect(row).toContain('267 → 205 (×0.77)');
    expect(row).toContain('286.5 → 286.0 (×1.00)');
    expect(row).toMatch(/464 161 144\s+267 260 306$/);
  });

  it('leaves out a page the baseline did not measure (the reference page is the machine’s, not a build’s)', () => {
    const now = [page('reference', [0], { score: 1, lcpMs: 758, tbtMs: 0 }, 0)];
    expect(comparisonReport('aaa8e47', now, []).split('\n')).toHaveLength(3);
  });
});

describe('freshBrowserReport', () => {
  it('puts the kept browser’s medians beside the fresh browsers’, fresh ÷ kept, and the fresh TBT runs', () => {
    const home = {
      ...page('home', [10], { score: 0.98, lcpMs: 1400, tbtMs: 100 }, 22),
      freshRuns: [{ tbtMs: 180 }, { tbtMs: 150 }, { tbtMs: 210 }] as LighthouseRun[],
      freshMedians: { score: 0.95, lcpMs: 1750, tbtMs: 180, cls: 0, fcpMs: 900, speedIndexMs: 0 },
    } as Measured;
    const reference = page('reference', [0], { score: 1, lcpMs: 758, tbtMs: 0 }, 0);
    const [title, header, , row, ...rest] = freshBrowserReport([reference, home]).split('\n');
    expect(title).toContain('fresh browser per run');
    expect(header).toMatch(/^page\s+score\s+LCP ms\s+TBT ms\s+FCP ms\s+TBT runs fresh$/);
    expect(row).toMatch(
      /^home\s+0\.98 \/ 0\.95 \(×0\.97\)\s+1400 \/ 1750 \(×1\.25\)\s+100 \/ 180 \(×1\.80\)/,
    );
    expect(row).toMatch(/180 150 210$/);
    // A page measured in the kept browser only has no row.
    expect(rest).toHaveLength(0);
  });
});

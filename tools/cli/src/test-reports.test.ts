// The closing summary of `npm test` reads the reporters' JSON. Vitest's is produced for real here
// (a child Vitest on a throw-away folder); Playwright's is written in its reporter's shape, since a
// real one would need a browser run.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readPlaywrightReport, readVitestReport } from './test-reports.ts';

let folder: string;
beforeEach(() => {
  folder = mkdtempSync(path.join(os.tmpdir(), 'sb-test-reports-'));
});
afterEach(() => rmSync(folder, { recursive: true, force: true }));

describe('readVitestReport', () => {
  it('counts a real run and names each failed test and each file that did not load', () => {
    writeFileSync(
      path.join(folder, 'sums.test.mjs'),
      `import { describe, expect, it } from 'vitest';
describe('sums', () => {
  it('adds', () => expect(1 + 1).toBe(2));
  it('adds wrongly', () => expect(1 + 1).toBe(3));
  let tries = 0;
  it('adds on the second try', () => expect((tries += 1)).toBe(2));
});`,
    );
    writeFileSync(path.join(folder, 'broken.test.mjs'), `throw new Error('cannot load this file');`);
    writeFileSync(path.join(folder, 'vitest.config.mjs'), 'export default {};');
    const report = path.join(folder, 'report.json');
    const run = spawnSync(
      'pnpm',
      [
        'exec',
        'vitest',
        'run',
        '--root',
        folder,
        '--retry=1',
        '--reporter=json',
        `--outputFile.json=${report}`,
      ],
      { cwd: import.meta.dirname, encoding: 'utf8' },
    );
    expect(run.status).toBe(1);

    const summary = readVitestReport(report, folder);

    expect(summary).toMatchObject({ passed: 2, failed: 1 });
    expect(summary.flakyTests).toEqual([
      expect.stringMatching(
        /^sums\.test\.mjs › sums adds on the second try: AssertionError: expected 1 to be 2/,
      ),
    ]);
    expect(summary.failedTests).toHaveLength(2);
    expect(summary.failedTests).toContainEqual(
      expect.stringMatching(/^sums\.test\.mjs › sums adds wrongly: AssertionError: expected 2 to be 3/),
    );
    expect(summary.failedTests).toContainEqual(
      expect.stringMatching(/^broken\.test\.mjs: .*cannot load this file/),
    );
  });

  it('reads a missing report as nothing run', () => {
    expect(readVitestReport(path.join(folder, 'none.json'), folder)).toEqual({
      passed: 0,
      failed: 0,
      failedTests: [],
      flakyTests: [],
    });
  });
});

describe('readPlaywrightReport', () => {
  it('counts flaky tests as passed and names them and the failed ones with their last error', () => {
    const report = path.join(folder, 'e2e.json');
    const test = (status: string, ...errors: (string | undefined)[]) => ({
      projectName: 'journeys',
      status,
      results: errors.map((message) => (message ? { error: { message } } : {})),
    });
    writeFileSync(
      report,
      JSON.stringify({
        stats: { expected: 3, flaky: 1, unexpected: 1 },
        suites: [
          {
            title: 'shop.spec.ts',
            specs: [{ title: 'a buyer pays', file: 'shop.spec.ts', tests: [test('expected', undefined)] }],
            suites: [
              {
                title: 'on a phone',
                specs: [
                  {
                    title: 'the menu opens',
                    file: 'shop.spec.ts',
                    tests: [
                      test(
                        'unexpected',
                        'Error: first try\nstack',
                        '\u001b[31mError: timed out\u001b[39m\nstack',
                      ),
                    ],
                  },
                  {
                    title: 'retried',
                    file: 'shop.spec.ts',
                    tests: [test('flaky', 'Error: once', undefined)],
                  },
                ],
              },
            ],
          },
        ],
      }),
    );

    expect(readPlaywrightReport(report)).toEqual({
      passed: 4,
      failed: 1,
      failedTests: ['[journeys] shop.spec.ts › the menu opens: Error: timed out'],
      flakyTests: ['[journeys] shop.spec.ts › retried: Error: once'],
    });
  });
});

// Reads the JSON reports of Vitest and Playwright that `npm test` asks for: the counts of its
// closing line, and each failed test with the first line of its error. CI keeps only the tail of
// the output, and a count alone does not say what to fix.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { stripVTControlCharacters } from 'node:util';

export interface ReportSummary {
  passed: number;
  failed: number;
  /** `where › test name: first line of the error`, one per failed test. */
  failedTests: string[];
  /** The same for each test that failed and then passed on its retry. */
  flakyTests: string[];
}

const EMPTY: ReportSummary = { passed: 0, failed: 0, failedTests: [], flakyTests: [] };

function firstLine(message: string | undefined): string {
  const line = (message ?? '').split('\n').find((each) => each.trim()) ?? '';
  // Colour codes would print as noise in a log file.
  return stripVTControlCharacters(line).trim().slice(0, 300);
}

interface VitestReport {
  numPassedTests?: number;
  numFailedTests?: number;
  testResults?: {
    name: string;
    message?: string;
    assertionResults?: { status: string; fullName: string; failureMessages?: string[] }[];
  }[];
}

export function readVitestReport(file: string, root: string): ReportSummary {
  if (!existsSync(file)) return EMPTY;
  const report = JSON.parse(readFileSync(file, 'utf8')) as VitestReport;
  const failedTests: string[] = [];
  const flakyTests: string[] = [];
  for (const testFile of report.testResults ?? []) {
    const where = path.relative(root, testFile.name);
    const failed = (testFile.assertionResults ?? []).filter((test) => test.status === 'failed');
    for (const test of testFile.assertionResults ?? []) {
      const failure = test.failureMessages?.[0];
      const line = `${where} › ${test.fullName}: ${firstLine(failure)}`;
      if (test.status === 'failed') failedTests.push(line);
      // Vitest keeps the failures of a test that passed on its retry.
      else if (test.status === 'passed' && failure) flakyTests.push(line);
    }
    // A file that failed to load, or whose hooks threw, has no failed test to name.
    if (failed.length === 0 && testFile.message) failedTests.push(`${where}: ${firstLine(testFile.message)}`);
  }
  return { passed: report.numPassedTests ?? 0, failed: report.numFailedTests ?? 0, failedTests, flakyTests };
}

interface PlaywrightSuite {
  suites?: PlaywrightSuite[];
  specs?: {
    title: string;
    file: string;
    tests: { projectName: string; status: string; results: { error?: { message?: string } }[] }[];
  }[];
}

function playwrightTests(suite: PlaywrightSuite, status: 'unexpected' | 'flaky'): string[] {
  const failed = (suite.specs ?? []).flatMap((spec) =>
    spec.tests
      .filter((test) => test.status === status)
      .map((test) => {
        const error = test.results.findLast((result) => result.error)?.error?.message;
        return `[${test.projectName}] ${spec.file} › ${spec.title}: ${firstLine(error)}`;
      }),
  );
  return [...failed, ...(suite.suites ?? []).flatMap((child) => playwrightTests(child, status))];
}

export function readPlaywrightReport(file: string): ReportSummary {
  if (!existsSync(file)) return EMPTY;
  const { stats, suites } = JSON.parse(readFileSync(file, 'utf8')) as {
    stats: { expected?: number; flaky?: number; unexpected?: number };
    suites?: PlaywrightSuite[];
  };
  return {
    // A flaky test passed on its retry.
    passed: (stats.expected ?? 0) + (stats.flaky ?? 0),
    failed: stats.unexpected ?? 0,
    failedTests: (suites ?? []).flatMap((suite) => playwrightTests(suite, 'unexpected')),
    flakyTests: (suites ?? []).flatMap((suite) => playwrightTests(suite, 'flaky')),
  };
}

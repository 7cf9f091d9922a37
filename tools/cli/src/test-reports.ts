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
}

const EMPTY: ReportSummary = { passed: 0, failed: 0, failedTests: [] };

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
  for (const testFile of report.testResults ?? []) {
    const where = path.relative(root, testFile.name);
    const failed = (testFile.assertionResults ?? []).filter((test) => test.status === 'failed');
    for (const test of failed) {
      failedTests.push(`${where} › ${test.fullName}: ${firstLine(test.failureMessages?.[0])}`);
    }
    // A file that failed to load, or whose hooks threw, has no failed test to name.
    if (failed.length === 0 && testFile.message) failedTests.push(`${where}: ${firstLine(testFile.message)}`);
  }
  return { passed: report.numPassedTests ?? 0, failed: report.numFailedTests ?? 0, failedTests };
}

interface PlaywrightSuite {
  suites?: PlaywrightSuite[];
  specs?: {
    title: string;
    file: string;
    tests: { projectName: string; status: string; results: { error?: { message?: string } }[] }[];
  }[];
}

function playwrightFailures(suite: PlaywrightSuite): string[] {
  const failed = (suite.specs ?? []).flatMap((spec) =>
    spec.tests
      .filter((test) => test.status === 'unexpected')
      .map((test) => {
        const error = test.results.findLast((result) => result.error)?.error?.message;
        return `[${test.projectName}] ${spec.file} › ${spec.title}: ${firstLine(error)}`;
      }),
  );
  return [...failed, ...(suite.suites ?? []).flatMap(playwrightFailures)];
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
    failedTests: (suites ?? []).flatMap(playwrightFailures),
  };
}

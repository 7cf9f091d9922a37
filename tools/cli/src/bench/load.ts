// HTTP load with autocannon, and the child servers the API bench measures against each other.
import { spawn, type ChildProcess } from 'node:child_process';
import autocannon from 'autocannon';
import { nodeArgsFor } from '../stack.ts';
import { exitOf, tailBuffer, type TailBuffer } from './processes.ts';

/** One run's figures (or their medians over runs); `bad` counts non-2xx answers, errors and timeouts. */
export interface LoadResult {
  rps: number;
  p50: number;
  p99: number;
  bad: number;
}

export interface LoadTarget {
  url: string;
  headers?: Record<string, string>;
  /** Fetched after each run, so queued work is not charged to the next target. */
  settle?: string;
}

export interface Server {
  child: ChildProcess;
  match: RegExpExecArray;
  log: TailBuffer;
}

/** One autocannon run: requests per second, p50 and p99 latency in ms, non-2xx/304 answers. */
export async function load(
  url: string,
  {
    connections = 10,
    seconds = 3,
    headers = {},
  }: { connections?: number; seconds?: number; headers?: Record<string, string> | undefined } = {},
): Promise<LoadResult> {
  const result = await autocannon({ url, connections, duration: seconds, headers });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    bad: result.non2xx + result.errors + result.timeouts,
  };
}

export const median = (values: readonly number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  const at = (i: number) => sorted[i] ?? Number.NaN;
  return sorted.length % 2 ? at(mid) : (at(mid - 1) + at(mid)) / 2;
};

/** Medians of each figure over several runs. */
export function medianOf(runs: readonly LoadResult[]): LoadResult {
  return {
    rps: median(runs.map((r) => r.rps)),
    p50: median(runs.map((r) => r.p50)),
    p99: median(runs.map((r) => r.p99)),
    bad: runs.reduce((n, r) => n + r.bad, 0),
  };
}

/**
 * Measures the targets side by side: round after round, each target once per round, so a busy
 * moment on a shared machine hits all of them rather than one. Returns medians per target.
 * A target's `settle` URL is fetched after each of its runs: autocannon stops sending, but the
 * server still works off what is queued (on PGlite, one query at a time), which would otherwise
 * be charged to the next target.
 */
export async function sideBySide(
  targets: readonly LoadTarget[],
  { rounds = 3, seconds = 3, connections = 10 } = {},
): Promise<LoadResult[]> {
  const run = async (target: LoadTarget, runSeconds: number) => {
    const result = await load(target.url, { seconds: runSeconds, connections, headers: target.headers });
    if (target.settle) await fetch(target.settle).catch(() => {});
    return result;
  };
  // One unmeasured second each first: JIT, connection pools and the cache warm up.
  for (const target of targets) await run(target, 1);
  const runs: LoadResult[][] = targets.map(() => []);
  for (let round = 0; round < rounds; round++) {
    for (const [i, target] of targets.entries()) runs[i]?.push(await run(target, seconds));
  }
  return runs.map(medianOf);
}

/** Starts a Node server script and resolves with it once `ready` matches a line it printed. */
export async function startServer(
  script: string,
  {
    env = {},
    cwd,
    ready = /listening on/i,
    timeoutMs = 120_000,
  }: { env?: NodeJS.ProcessEnv; cwd?: string; ready?: RegExp; timeoutMs?: number },
): Promise<Server> {
  const child = spawn(process.execPath, nodeArgsFor(script), {
    cwd,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const log = tailBuffer();
  const seen = new Promise<RegExpExecArray>((resolve) => {
    const check = (chunk: Buffer) => {
      log.add(chunk);
      const match = ready.exec(String(chunk));
      if (match) resolve(match);
    };
    child.stdout.on('data', check);
    child.stderr.on('data', log.add);
  });
  let timer: NodeJS.Timeout | undefined;
  const failed = Promise.race([
    exitOf(child).then(({ code, signal }) => `exited with ${signal ?? code}`),
    new Promise<string>((resolve) => {
      timer = setTimeout(() => resolve(`not ready after ${timeoutMs / 1000} s`), timeoutMs);
    }),
  ]).then((why): never => {
    throw new Error(`${script} ${why}:\n${log.text()}`);
  });
  try {
    const match = await Promise.race([seen, failed]);
    return { child, match, log };
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  } finally {
    clearTimeout(timer);
    failed.catch(() => {});
  }
}

export async function stopServer(server: Server | null | undefined): Promise<void> {
  if (!server || server.child.exitCode !== null) return;
  const exited = exitOf(server.child);
  server.child.kill('SIGTERM');
  const timer = setTimeout(() => server.child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}

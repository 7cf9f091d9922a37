// `pnpm bench --baseline <commit>`: the web pages of an earlier commit measured in the same run as
// the working tree, turn about, so a change is judged against the machine as it was that minute.
// Runs of one build an hour apart differ by 100 ms of TBT and more on this shared machine
// (docs/decisions/0016-first-load-budget.md), which is larger than most changes being judged.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { repoRoot } from 'web-server/runtime-config';

/** The baseline's stack runs this many ports above the bench's own (800 + 50: no other stack's). */
export const BASELINE_PORT_SHIFT = 50;

/**
 * Outside the repository, so lint, tests and the shared-exports scan never read it; named after the
 * repository, so two clones keep two baselines. Kept between runs: its packages install in seconds.
 */
export const baselineDir = () =>
  path.join(
    os.tmpdir(),
    `secondbyte-bench-baseline-${createHash('sha256').update(repoRoot).digest('hex').slice(0, 8)}`,
  );

function run(command: string, args: string[], cwd: string): void {
  const result = spawnSync(command, args, { cwd, stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed in ${cwd}`);
}

/** Checks `rev` out in a git work tree of its own, installs its packages and builds it. */
export function prepareBaseline(rev: string): { root: string; commit: string } {
  const parsed = spawnSync('git', ['rev-parse', '--verify', '--quiet', `${rev}^{commit}`], {
    cwd: repoRoot,
    encoding: 'utf8',
  });
  if (parsed.status !== 0) throw new Error(`--baseline ${rev}: not a commit of this repository`);
  const commit = parsed.stdout.trim();
  const root = baselineDir();
  console.log(`Building the baseline ${commit.slice(0, 7)} in ${root}…`);
  if (existsSync(path.join(root, '.git')))
    run('git', ['checkout', '--quiet', '--force', '--detach', commit], root);
  else {
    // A folder left by a removed work tree would make `worktree add` refuse.
    run('git', ['worktree', 'prune'], repoRoot);
    run('git', ['worktree', 'add', '--force', '--detach', root, commit], repoRoot);
  }
  run('pnpm', ['install', '--frozen-lockfile', '--prefer-offline'], root);
  run('pnpm', ['run', 'build'], root);
  return { root, commit };
}

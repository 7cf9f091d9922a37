import { describe, expect, it } from 'vitest';
import { pressesReport, summarize, type Interaction, type PressSample, type State } from './presses.ts';

function sample(
  interaction: Interaction,
  state: State,
  run: number,
  pressToEffectMs: number,
  inpMs: number | null = null,
): PressSample {
  return {
    interaction,
    state,
    run,
    pressToEffectMs,
    pressToMessageMs: pressToEffectMs,
    inpMs,
    event: 'pointerdown',
    effect: 'x',
  };
}

describe('summarize', () => {
  it('groups by interaction and state in a fixed order, runs in run order, with medians', () => {
    const rows = summarize([
      sample('gallery', 'started, signed in', 1, 90, 40),
      sample('theme', 'not started', 2, 3100, 24),
      sample('theme', 'not started', 1, 2900, 30),
      sample('theme', 'not started', 3, 4000, null),
      sample('theme', 'started, signed out', 1, 80, 56),
    ]);
    expect(rows.map((r) => `${r.interaction}/${r.state}`)).toEqual([
      'theme/not started',
      'theme/started, signed out',
      'gallery/started, signed in',
    ]);
    const [notStarted] = rows;
    expect(notStarted?.runsMs).toEqual([2900, 3100, 4000]);
    expect(notStarted?.medianMs).toBe(3100);
    expect(notStarted?.inpRunsMs).toEqual([30, 24, null]);
    // The runs without an INP are left out of its median, not counted as 0.
    expect(notStarted?.medianInpMs).toBe(27);
  });

  it('has no INP median when no run had one', () => {
    const [row] = summarize([
      sample('search', 'started, signed in', 1, 20),
      sample('search', 'started, signed in', 2, 30),
    ]);
    expect(row?.medianMs).toBe(25);
    expect(row?.medianInpMs).toBeNull();
  });
});

describe('pressesReport', () => {
  it('shows each interaction’s median and runs per state, then INP, with a dash where nothing was measured', () => {
    const rows = summarize([
      sample('theme', 'not started', 1, 2912.4, 30),
      sample('theme', 'started, signed out', 1, 81, null),
      sample('theme', 'started, signed in', 1, 64, 48),
    ]);
    const lines = pressesReport(rows, 1).split('\n');
    expect(lines[1]).toContain('median of 1 run (');
    const header = lines.find((l) => l.startsWith('interaction'));
    expect(header).toMatch(/^interaction\s+effect\s+not started\s+started, signed out\s+started, signed in$/);
    const [timing, inp] = lines.filter((l) => l.startsWith('theme'));
    expect(timing).toMatch(/2912 ms \(2912\)\s+81 ms \(81\)\s+64 ms \(64\)$/);
    expect(inp).toMatch(/30 ms \(30\)\s+— \(—\)\s+48 ms \(48\)$/);
    // Only the interactions measured get a row.
    expect(lines.some((l) => l.startsWith('gallery'))).toBe(false);
  });
});

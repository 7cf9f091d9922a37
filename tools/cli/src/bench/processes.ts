// Small helpers for the child processes the bench starts (the stack, two Chromiums).
import type { ChildProcess } from 'node:child_process';
import type { Ports } from 'web-server/ports';
import { isEmulatorUp, startAuthEmulator, stopAuthEmulator } from '../auth-emulator.ts';

export interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

/** Resolves with how the child ended; at once if it already has. */
export function exitOf(child: ChildProcess): Promise<Exit> {
  if (child.exitCode !== null || child.signalCode !== null) {
    return Promise.resolve({ code: child.exitCode, signal: child.signalCode });
  }
  return new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
}

/** Keeps the last lines a child printed, to show them when it fails (and nothing otherwise). */
export interface TailBuffer {
  add(chunk: Buffer | string): void;
  text(): string;
}

export function tailBuffer(maxLines = 40): TailBuffer {
  const lines: string[] = [];
  return {
    add(chunk) {
      for (const line of String(chunk).split('\n')) {
        if (!line.trim()) continue;
        lines.push(line);
        if (lines.length > maxLines) lines.shift();
      }
    },
    text: () => lines.map((line) => `  | ${line}`).join('\n'),
  };
}

/**
 * Things to undo when the bench ends, in reverse order of setting them up: on success, on an
 * error and on Ctrl-C alike. run() starts the undoing once; every caller (the signal handler and
 * the main flow's finally) waits for that same run, so none exits while the stack still stops.
 * One step failing does not skip the others.
 */
export interface Cleanup {
  defer(label: string, fn: () => unknown): void;
  run(): Promise<void>;
}

/** What every section of `pnpm bench` takes; `noBuild`: an earlier section built what it needs. */
export interface SectionOptions {
  ports: Ports;
  outDir: string;
  noBuild?: boolean;
  commit: string;
  cleanup?: Cleanup;
}

/**
 * The Auth Emulator on `port` for a bench section: the one already answering there, or one
 * started with its accounts in `dataDir` (not kept) and stopped with the section's cleanup.
 */
export async function ensureAuthEmulator(
  port: number,
  dataDir: string,
  cleanup: Cleanup | undefined,
): Promise<void> {
  if (await isEmulatorUp(port)) return;
  const emulator = await startAuthEmulator({ port, dataDir, persist: false });
  cleanup?.defer('Auth Emulator', () => stopAuthEmulator(emulator));
}

export function cleanupStack(): Cleanup {
  const steps: { label: string; fn: () => unknown }[] = [];
  let running: Promise<void> | null = null;
  async function drain() {
    for (let step = steps.pop(); step; step = steps.pop()) {
      const { label, fn } = step;
      try {
        await fn();
      } catch (error) {
        console.error(`Cleaning up (${label}) failed:`, error instanceof Error ? error.message : error);
      }
    }
  }
  return {
    defer(label, fn) {
      steps.push({ label, fn });
    },
    run() {
      // Once drained, a later run() undoes what was set up since (the API section after the web one).
      running ??= drain().finally(() => {
        running = null;
      });
      return running;
    },
  };
}

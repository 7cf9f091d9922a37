// Small helpers for the child processes the bench starts (the stack, two Chromiums).

/** Resolves with how the child ended; at once if it already has. */
export function exitOf(child) {
  if (child.exitCode !== null || child.signalCode !== null) {
    return Promise.resolve({ code: child.exitCode, signal: child.signalCode });
  }
  return new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
}

/** Keeps the last lines a child printed, to show them when it fails (and nothing otherwise). */
export function tailBuffer(maxLines = 40) {
  const lines = [];
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
export function cleanupStack() {
  const steps = [];
  let running = null;
  async function drain() {
    while (steps.length) {
      const { label, fn } = steps.pop();
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

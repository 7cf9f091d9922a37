// The browser every check drives: Debian's Chromium (apt, installed by tools/cli/bootstrap.mjs), with
// the flags that keep it quiet and offline-safe in a container. Playwright and `pnpm bench` share them.
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

// About this build's texts, in the page's chunk rather than every page's first load
// (docs/decisions/0044-byte-budget-in-the-tests.md).
export const en = {
  aboutBuild: {
    title: 'About this build',
    intro: 'The host and each part of SecondByte are released on their own. This page shows what is live.',
    checkAgain: 'Check again',
    host: 'Host',
    providesContract: 'Provides contract',
    needsContract: 'Needs contract',
    loading: 'Loading build information',
    failed: 'Could not read what is live',
    remotesFailed: 'Could not load /remotes.json ({{status}})',
    noAnswer: 'The host’s server gave no readable answer. Check your connection and try again.',
    parts: { catalog: 'Catalog', dashboard: 'Dashboard', checkout: 'Checkout' },
    release: 'Release',
    development: 'Development build',
    compatible: 'Compatible',
    refused: 'Refused',
    noInfo: 'No build information',
    errors: {
      unreachable: 'Unreachable',
      http: 'HTTP {{status}}',
      noRecord: 'No build record in its manifest',
      unknown: 'Unknown error',
    },
    notLoaded: 'Not loaded by this host',
    missingExports:
      'It uses {{exports}} from shared libraries this host was built without, so visitors see the “unavailable” notice in its place. Promote a compatible release or roll it back.',
    otherContract:
      'It needs host contract {{needed}} and this host provides {{provided}}, so visitors see the “unavailable” notice in its place. Promote a compatible release or roll it back.',
    loadingRunning: 'Loading the running version',
    runningFailed: 'This tab could not load its code.',
    runs: 'This tab runs {{version}}.',
    runsLabelled: 'This tab runs {{version}} ({{label}}).',
    differentLive: 'A different version is live',
    stillRuns: 'This tab still runs {{version}}. Reload the page to use the live one.',
    stillRunsLabelled: 'This tab still runs {{version}} ({{label}}). Reload the page to use the live one.',
    details: {
      version: 'Version',
      label: 'Label',
      none: 'none',
      built: 'Built',
      manifest: 'Manifest',
      unknown: 'unknown',
    },
  },
};

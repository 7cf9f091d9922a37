// The host's stylesheets load with the entry, so they are <link>s in the HTML head: a page the
// server rendered is styled at first paint. Only the Mantine CSS that some package renders
// (generated at build time from every package's imports, remotes included: they rely on the
// host's CSS), not the whole 620 KB styles.css.
import 'secondbyte-mantine-styles.css';
import '@mantine/notifications/styles.css';
// Also Bangla's typeface, Noto Sans Bengali, served by the site (its faces are declared there).
import '@/app/global.css';

/** Webpack's `require.ensure`, which Rspack compiles (its types are not in the TypeScript lib). */
declare const require: {
  (request: string): unknown;
  ensure(
    dependencies: string[],
    callback: () => void,
    onError: (error: unknown) => void,
    chunkName: string,
  ): void;
};

// Async boundary: shared singletons are negotiated before any app code runs (README, Architecture).
// It starts in a task of its own: the federation runtime's start-up and the negotiation are each
// long enough on a phone to be worth two tasks rather than one (docs/product.md#first-paint).
//
// `require.ensure` downloads start-up's files in one wave but evaluates none of them: with
// `import()`, every library was evaluated in the task where its last file arrived, which was one
// task of 160–190 ms at 4× CPU slowdown (Mantine, the kernel, i18next and bootstrap together).
// Here they are evaluated one step per task, the largest first, then bootstrap, which finds them
// all evaluated; React DOM and the app, which bootstrap imported only once it ran, now download in
// the same wave (docs/decisions/0016-first-load-budget.md). Rspack needs all four arguments: with
// three it compiled `require.ensure` as a plain require and put every library in this entry.
// Not imported from shared/lib/next-task: a module this entry imports statically and the start-up
// chunk also needs was moved by Rspack into that chunk, out of the entry that runs first.
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));
const failed = (error: unknown) => console.error('[start-up] the app could not be loaded', error);

/**
 * Requests start-up's files in four groups, one task each. Requesting a file is where the
 * federation runtime negotiates the shared libraries the file consumes, and that negotiation (the
 * share scope's lookups and a script element per file) was one task of 150–270 ms at 4× CPU
 * slowdown when every file was requested at once; split, the files still download in one wave, a
 * few milliseconds apart (docs/decisions/0016-first-load-budget.md). The files are the same as
 * with one request (the category page loads the same 19 scripts, 996 KB uncompressed): Rspack's
 * chunking keeps what two groups need in one chunk, so nothing is downloaded twice.
 */
const requestGroups: ((resolve: () => void, reject: (error: unknown) => void) => void)[] = [
  (resolve, reject) => require.ensure(['react', '@mantine/core'], resolve, reject, 'start-ui'),
  (resolve, reject) => require.ensure(['runtime-kernel'], resolve, reject, 'start-kernel'),
  (resolve, reject) => require.ensure(['react-dom/client'], resolve, reject, 'start-dom'),
  (resolve, reject) => require.ensure(['./app/App', './bootstrap'], resolve, reject, 'start-app'),
];

async function requestInGroups() {
  const arrived: Promise<void>[] = [];
  for (const request of requestGroups) {
    await nextTask();
    arrived.push(new Promise(request));
  }
  await Promise.all(arrived);
}

requestInGroups()
  .then(() =>
    // Every file is in: this evaluates nothing and requests nothing, but only modules listed here
    // can be required inside its callback.
    require.ensure(
      ['react', '@mantine/core', 'runtime-kernel', 'react-dom/client', './app/App', './bootstrap'],
      () => {
        const evaluateInSteps = async () => {
          await nextTask();
          require('react');
          require('@mantine/core');
          await nextTask();
          require('runtime-kernel');
          await nextTask();
          require('react-dom/client');
          await nextTask();
          require('./app/App');
          await nextTask();
          require('./bootstrap');
        };
        evaluateInSteps().catch(failed);
      },
      failed,
      'bootstrap',
    ),
  )
  .catch(failed);

// The presses section of `pnpm bench` (issue 38; `pnpm bench --presses-only` runs just this,
// `--no-presses` skips it): how long a person waits between pressing something and seeing it
// happen, on a phone, before the page's app has started and after.
//
// A signed-out page loads no script until the visitor's first action (decision 41): the first
// press downloads and starts the app, and its effect comes after. Each interaction below is
// measured, in a phone-sized tab throttled as Lighthouse's phone (CPU 4× slower through
// Emulation.setCPUThrottlingRate; 150 ms latency, 1.6 Mbit/s down, 0.66 up through
// Network.emulateNetworkConditions, whose latency is added to each request), from an empty HTTP
// cache, in three states:
//   not started          signed out, a fresh load, the first press of the visit (the app has not
//                        been downloaded; the press starts it and is carried out once it is ready)
//   started, signed out  the same page after a pointer move started the app and it marked
//                        <html data-app-ready>, its network quiet again
//   started, signed in   the demo buyer's page once its app is ready (it starts after the paint)
// The theme, the language and the search are pressed on the home page in all three; the booking
// button and the gallery on details pages, which only a signed-in visitor sees (the server sends
// anyone else to /login), so only started and signed in: booking on the web section's page (the
// first listing of category 04), the gallery on a listing the demo seller adds for it with three
// photos (every seeded listing has one, and shows no gallery).
//
// Press → effect is measured in the page: from the `timeStamp` of the press's first input event
// (pointerdown for a tap, keydown for a key; the time the browser received the input, which is also
// the Event Timing API's startTime for it) to the end of the first frame after the effect is in the
// DOM (seen by a MutationObserver, or an `input` event for typed text): a message posted from that
// frame's requestAnimationFrame, which runs once the frame's style, layout and paint work is done,
// or, when the frame was long (50 ms and more), the end of its Long Animation Frames entry if that
// is earlier. The message alone comes late when the app has queued work ahead of it: a theme press
// painted 250 ms after the press and the message ran at 690 ms, behind the store's re-render in the
// next frame (docs/bench-presses.md). The message's figure stays in the JSON (pressToMessageMs).
// Before a signed-out page's app starts, the language switch reloads the page in Bangla: the press
// is carried to the new document (sessionStorage), and both ends are read on the wall clock.
// The effects:
//   theme     <html data-mantine-color-scheme> has flipped
//   language  <html lang="bn"> and the header search's placeholder is in Bangla script
//   search    the typed character is in the header search box (the box has no suggestions; the
//             character shows as it would in any text field, and the app keeps it once it starts)
//   booking   the booking dialog is in the page with a size (the first frame of its opening
//             transition)
//   gallery   the photo counter reads the next photo (the commit that shows that slide and starts
//             the carousel's scroll to it; the photo's own download is not waited for)
// Beside it, INP from the `web-vitals` library (its IIFE build added to the tab with
// addInitScript, so the site's bundle is unchanged; every interaction of 16 ms and more counts),
// read after the effect: what the Event Timing API sees of the same press. A press held until the
// app is ready shows in INP only as the short event that held it, not as the wait.
// Medians of --runs runs, taken round by round; writes bench-results/presses-<time>.json and
// presses-latest.json. It fails the bench when an effect does not come within a minute.
import { readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { CDPSession, Locator, Page } from '@playwright/test';
import { throttling } from 'lighthouse/core/config/constants.js';
import { repoRoot } from 'web-server/runtime-config';
import { clearHttpCache, newPhonePage, settle, withPlaywright, type Browser } from './browser.ts';
import { demoAccount } from '../demo-accounts.ts';
import { median } from './load.ts';
import { api, emulatorCall } from './shared.ts';
import { writeResults } from './report.ts';
import { table } from './table.ts';

export const INTERACTIONS = ['theme', 'language', 'search', 'booking', 'gallery'] as const;
export type Interaction = (typeof INTERACTIONS)[number];
export const STATES = ['not started', 'started, signed out', 'started, signed in'] as const;
export type State = (typeof STATES)[number];

/** What each interaction waits for, for the report (the module's comment says it in full). */
export const EFFECTS: Record<Interaction, string> = {
  theme: 'color scheme on <html> flipped',
  language: 'page in Bangla',
  search: 'character in the box',
  booking: 'dialog shown',
  gallery: 'counter on the next photo',
};

/** The phone Lighthouse simulates, applied for real: 150 ms, 1.6 Mbit/s, a 4× slower CPU. */
export const PHONE = {
  cpuSlowdown: throttling.mobileSlow4G.cpuSlowdownMultiplier,
  latencyMs: throttling.mobileSlow4G.rttMs,
  downloadKbps: throttling.mobileSlow4G.throughputKbps,
  uploadKbps: throttling.mobileSlow4G.uploadThroughputKbps,
};

/** One press, measured. */
export interface PressSample {
  interaction: Interaction;
  state: State;
  run: number;
  /** From the press's first input event to the end of the frame after its effect. */
  pressToEffectMs: number;
  /** The same end read by the message posted from that frame alone (the figure before 2026-11-29). */
  pressToMessageMs: number;
  /** The first event of the press that was stamped: pointerdown or keydown. */
  event: string;
  /** What the probe saw, e.g. the new color scheme or the counter's text. */
  effect: string;
  /** web-vitals' INP for the page after the press; null when no interaction reached 16 ms. */
  inpMs: number | null;
}

/** The runs of one interaction in one state, and their medians. */
export interface PressSummary {
  interaction: Interaction;
  state: State;
  runsMs: number[];
  medianMs: number;
  inpRunsMs: (number | null)[];
  /** Of the runs with an INP; null when none had one. */
  medianInpMs: number | null;
}

/** The samples grouped by interaction and state, in the order of INTERACTIONS and STATES. */
export function summarize(samples: readonly PressSample[]): PressSummary[] {
  const rows: PressSummary[] = [];
  for (const interaction of INTERACTIONS) {
    for (const state of STATES) {
      const runs = samples
        .filter((s) => s.interaction === interaction && s.state === state)
        .sort((a, b) => a.run - b.run);
      if (!runs.length) continue;
      const inp = runs.map((s) => s.inpMs);
      const measuredInp = inp.filter((v): v is number => v !== null);
      rows.push({
        interaction,
        state,
        runsMs: runs.map((s) => s.pressToEffectMs),
        medianMs: median(runs.map((s) => s.pressToEffectMs)),
        inpRunsMs: inp,
        medianInpMs: measuredInp.length ? median(measuredInp) : null,
      });
    }
  }
  return rows;
}

const ms = (value: number | null) => (value === null ? '—' : `${Math.round(value)} ms`);

/**
 * The printed section: per interaction, the median press → effect in each state with its runs,
 * then INP the same way.
 */
export function pressesReport(rows: readonly PressSummary[], runs: number): string {
  const cell = (interaction: Interaction, state: State, pick: (row: PressSummary) => string) => {
    const row = rows.find((r) => r.interaction === interaction && r.state === state);
    return row ? pick(row) : '—';
  };
  const interactions = INTERACTIONS.filter((i) => rows.some((r) => r.interaction === i));
  const section = (title: string, pick: (row: PressSummary) => string) =>
    [
      title,
      table(
        ['interaction', 'effect', ...STATES],
        interactions.map((i) => [i, EFFECTS[i], ...STATES.map((s) => cell(i, s, pick))]),
      ),
    ].join('\n');
  const runsOf = (values: readonly (number | null)[]) =>
    values.map((v) => (v === null ? '—' : Math.round(v))).join(' ');
  return [
    `\nPress → effect on a phone (CPU 4× slower, ${PHONE.latencyMs} ms, ${(PHONE.downloadKbps / 1024).toFixed(1)} Mbit/s), ` +
      `median of ${runs} run${runs === 1 ? '' : 's'} (the runs in brackets)`,
    section('', (r) => `${ms(r.medianMs)} (${runsOf(r.runsMs)})`).trimStart(),
    section(
      '\nINP (web-vitals) after the same press, median (runs; — : no interaction of 16 ms or more)',
      (r) => `${ms(r.medianInpMs)} (${runsOf(r.inpRunsMs)})`,
    ),
  ].join('\n');
}

// ---- In the page ----

// The root's web-vitals (a devDependency there, beside lighthouse); its exports map hides dist/.
const WEB_VITALS_IIFE = path.join(repoRoot, 'node_modules', 'web-vitals', 'dist', 'web-vitals.iife.js');

/**
 * Runs in the tab before any of the page's scripts (plain ES5, a string so that no bundler helper
 * ends up in it): INP from web-vitals into `__sbInp`, and `__sbPress.arm(kind, stampOn, char)`,
 * which stamps the next trusted `stampOn` event and the end of the frame after the effect.
 */
const PAGE_PROBE = `(function () {
  window.__sbInp = null;
  webVitals.onINP(function (metric) { window.__sbInp = metric.value; }, { reportAllChanges: true, durationThreshold: 16 });
  function effect(kind, initial, char) {
    var h = document.documentElement;
    if (kind === 'theme') {
      var scheme = h.getAttribute('data-mantine-color-scheme');
      return scheme && scheme !== initial ? 'scheme ' + scheme : null;
    }
    if (kind === 'language') {
      var box = document.querySelector('header input[name="q"]');
      return h.lang === 'bn' && box && /[\\u0980-\\u09FF]/.test(box.placeholder) ? 'lang bn' : null;
    }
    if (kind === 'search') {
      var input = document.querySelector('header input[name="q"]');
      return input && input.value.indexOf(char) !== -1 ? 'typed' : null;
    }
    if (kind === 'booking') {
      var dialog = document.querySelector('[role="dialog"]');
      return dialog && dialog.getBoundingClientRect().height > 0 ? 'dialog' : null;
    }
    if (kind === 'gallery') {
      var counter = document.querySelector('[data-testid="gallery-position"]');
      return counter && counter.textContent !== initial ? 'counter ' + counter.textContent : null;
    }
    throw new Error('unknown interaction ' + kind);
  }
  function initialOf(kind) {
    if (kind === 'theme') return document.documentElement.getAttribute('data-mantine-color-scheme');
    if (kind === 'gallery') {
      var counter = document.querySelector('[data-testid="gallery-position"]');
      return counter ? counter.textContent : null;
    }
    return null;
  }
  // Times are on the wall clock (the document's origin + its clock), so that a press whose effect
  // is a new document (the language switch before the app starts reloads the page) is timed too.
  function now() { return performance.timeOrigin + performance.now(); }
  var PENDING = '__sbPressPending';
  function watch(kind, initial, char, result) {
    function check() {
      if (result.pressAt === null || result.effect !== null || !document.documentElement) return;
      var seen = effect(kind, initial, char);
      if (!seen) return;
      sessionStorage.removeItem(PENDING);
      result.effect = seen;
      result.effectAt = now();
      observer.disconnect();
      // The end of the effect's frame: a message posted from the frame's requestAnimationFrame runs
      // once its style, layout and paint are done, unless the app queued work ahead of it (React's
      // scheduler posts messages too, and after an input the next frame's rAF callbacks run
      // first). When the frame was long, the Long Animation Frames entry holding that rAF gives
      // the frame's true end; frameEnd() below takes the earlier.
      requestAnimationFrame(function () {
        result.rafAt = now();
        var channel = new MessageChannel();
        channel.port1.onmessage = function () { result.messageAt = result.doneAt = now(); };
        channel.port2.postMessage(null);
      });
    }
    var observer = new MutationObserver(check);
    observer.observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
    addEventListener('input', function () { Promise.resolve().then(check); }, true);
    return check;
  }
  // Frames of 50 ms and more, on the wall clock (the Long Animation Frames API).
  var frames = [];
  try {
    new PerformanceObserver(function (list) {
      list.getEntries().forEach(function (f) {
        frames.push({ start: performance.timeOrigin + f.startTime, end: performance.timeOrigin + f.startTime + f.duration });
      });
    }).observe({ type: 'long-animation-frame' });
  } catch (e) { /* a browser without the API: the message alone */ }
  window.__sbPress = {
    result: null,
    // Called once the message has come and the frame's entry has had time to be reported.
    frameEnd: function () {
      var result = window.__sbPress.result;
      if (!result || result.rafAt === null || result.messageAt === null) return result;
      frames.forEach(function (f) {
        if (f.start <= result.rafAt && result.rafAt <= f.end) result.doneAt = Math.min(result.doneAt, f.end);
      });
      return result;
    },
    arm: function (kind, stampOn, char) {
      var result = { pressAt: null, event: null, effect: null, effectAt: null, rafAt: null, messageAt: null, doneAt: null };
      window.__sbPress.result = result;
      var check = watch(kind, initialOf(kind), char, result);
      function stamp(e) {
        if (result.pressAt !== null || !e.isTrusted) return;
        result.pressAt = performance.timeOrigin + e.timeStamp;
        result.event = e.type;
        sessionStorage.setItem(PENDING, JSON.stringify({ kind: kind, char: char, pressAt: result.pressAt, event: e.type }));
        check();
      }
      addEventListener(stampOn, stamp, true);
    }
  };
  // A press whose page was replaced before its effect: the new document watches for it.
  var pending = JSON.parse(sessionStorage.getItem(PENDING) || 'null');
  if (pending) {
    var carried = { pressAt: pending.pressAt, event: pending.event, effect: null, effectAt: null, rafAt: null, messageAt: null, doneAt: null };
    window.__sbPress.result = carried;
    watch(pending.kind, null, pending.char, carried)();
  }
})();`;

interface PageResult {
  pressAt: number | null;
  event: string | null;
  effect: string | null;
  effectAt: number | null;
  rafAt: number | null;
  messageAt: number | null;
  doneAt: number | null;
}

declare global {
  interface Window {
    __sbInp: number | null;
    __sbPress: {
      result: PageResult | null;
      arm(kind: string, stampOn: string, char: string): void;
      /** The result with the end of the effect's frame taken from its long-frame entry, if any. */
      frameEnd(): PageResult | null;
    };
  }
}

// ---- In the bench ----

/** What a press is on the page, and how the page goes back to how it was (theme, language). */
interface Press {
  page: 'home' | 'details' | 'gallery';
  /** The details page is for signed-in visitors only (a visitor is sent to /login first). */
  states: readonly State[];
  target(page: Page): Locator;
  /** Tapped, unless it is a key typed into the target (which is tapped first, to focus it). */
  key?: string;
  undo?(page: Page, state: State): Promise<void>;
}

const TYPED = 'a';
const themeToggle = (page: Page) => page.getByTestId('theme-toggle');
const languageSwitch = (page: Page) => page.getByTestId('language-switch');

const PRESSES: Record<Interaction, Press> = {
  theme: {
    page: 'home',
    states: STATES,
    target: themeToggle,
    async undo(page) {
      const scheme = () => document.documentElement.dataset.mantineColorScheme;
      const now = await page.evaluate(scheme);
      await themeToggle(page).click();
      await page.waitForFunction((was) => document.documentElement.dataset.mantineColorScheme !== was, now);
    },
  },
  language: {
    page: 'home',
    states: STATES,
    target: languageSwitch,
    async undo(page, state) {
      // Signed in, the switch saves the language to the profile, which the next run's page takes
      // up at sign-in: the page stays open until English is saved.
      // (Settled into a value at once, so a failure before it is awaited is not an unhandled one.)
      const saved =
        state === 'started, signed in'
          ? page
              .waitForResponse(
                (response) =>
                  response.request().method() === 'PATCH' &&
                  /"language":"en"/.test(response.request().postData() ?? ''),
                { timeout: 60_000 },
              )
              .then(
                () => null,
                (error: unknown) => error,
              )
          : null;
      await languageSwitch(page).click();
      await page.waitForFunction(() => document.documentElement.lang === 'en', null, { timeout: 60_000 });
      const failure = await saved;
      if (failure) throw new Error('English was not saved to the profile', { cause: failure });
    },
  },
  // A visitor taps the box, then types: on a page not started, the tap starts the app and the key
  // lands while it loads.
  search: {
    page: 'home',
    states: STATES,
    target: (page) => page.locator('header').getByRole('searchbox'),
    key: TYPED,
  },
  booking: {
    page: 'details',
    states: ['started, signed in'],
    target: (page) => page.getByRole('button', { name: 'Book Now', exact: true }),
  },
  gallery: {
    page: 'gallery',
    states: ['started, signed in'],
    target: (page) => page.getByTestId('details-gallery').getByRole('button', { name: 'Next photo' }),
  },
};

async function throttleAsPhone(cdp: CDPSession): Promise<void> {
  const bytesPerSecond = (kbps: number) => (kbps * 1024) / 8;
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: PHONE.cpuSlowdown });
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: PHONE.latencyMs,
    downloadThroughput: bytesPerSecond(PHONE.downloadKbps),
    uploadThroughput: bytesPerSecond(PHONE.uploadKbps),
  });
}

/** The page's app has started and its network is quiet again; a signed-out page starts on a move. */
async function startApp(page: Page): Promise<void> {
  if (await page.locator('html[data-app-start="intent"]:not([data-app-ready])').count()) {
    // Twice: a move to where the pointer already is fires no event (as e2e/support/test.ts).
    await page.mouse.move(1, 1);
    await page.mouse.move(2, 2);
  }
  await page.locator('html[data-app-ready]').waitFor({ state: 'attached', timeout: 60_000 });
  await settle(page);
}

async function measureOne(
  browser: Browser,
  url: string,
  interaction: Interaction,
  state: State,
  run: number,
): Promise<PressSample> {
  const press = PRESSES[interaction];
  await clearHttpCache(browser);
  return withPlaywright(browser, async (context) => {
    const { page, cdp } = await newPhonePage(context);
    try {
      // One script: Playwright runs each init script in a scope of its own, and the IIFE's
      // `var webVitals` would not reach the probe.
      await page.addInitScript(`${readFileSync(WEB_VITALS_IIFE, 'utf8')}\n${PAGE_PROBE}`);
      await throttleAsPhone(cdp);
      const response = await page.goto(url, { timeout: 60_000 });
      if (!response?.ok()) throw new Error(`${url} answered ${response?.status()}`);
      await settle(page);
      if (state !== 'not started') await startApp(page);
      else if (await page.evaluate(() => document.documentElement.hasAttribute('data-app-ready')))
        throw new Error('the app started before the first press');
      const target = press.target(page);
      await target.waitFor({ state: 'visible', timeout: 60_000 });
      if (press.key) await target.click();
      await page.evaluate(([kind, stampOn, char]) => window.__sbPress.arm(kind, stampOn, char), [
        interaction,
        press.key ? 'keydown' : 'pointerdown',
        TYPED,
      ] as const);
      if (press.key) await page.keyboard.press(press.key);
      else await target.click();
      await page.waitForFunction(() => window.__sbPress.result?.doneAt != null, null, { timeout: 60_000 });
      // Event Timing and Long Animation Frames entries are reported after the frame they end in;
      // give web-vitals and the probe a moment.
      await page.waitForTimeout(500);
      const result = await page.evaluate(() => window.__sbPress.frameEnd());
      if (!result) throw new Error(`${interaction}: the probe lost its press`);
      const inpMs = await page.evaluate(() => window.__sbInp);
      if (press.undo) {
        await startApp(page);
        await press.undo(page, state);
      }
      if (result.pressAt === null || result.doneAt === null)
        throw new Error(`${interaction}: no press stamped`);
      return {
        interaction,
        state,
        run,
        pressToEffectMs: Math.round(result.doneAt - result.pressAt),
        pressToMessageMs: Math.round((result.messageAt ?? result.doneAt) - result.pressAt),
        event: result.event ?? '?',
        effect: result.effect ?? '?',
        inpMs: inpMs === null ? null : Math.round(inpMs),
      };
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      throw new Error(`press ${interaction} (${state}) on ${url}: ${message}`);
    } finally {
      await page.close();
    }
  });
}

/** What the copy takes of a listing (GET /details/:id, shared-contracts' Product). */
interface Listing {
  productName: string;
  price: number;
  image: string;
  quality: string;
  phone: string | null;
  location: string;
  category: string;
  description: string;
  year: number;
  specs: Record<string, unknown> | null;
}

/**
 * A copy of `listingId`, listed by the demo seller with three photos: the seeded listings have one
 * each, and a details page shows its gallery only with two or more. Returns the new listing's id.
 */
async function listingWithPhotos(
  apiOrigin: string,
  emulatorPort: number,
  listingId: string,
): Promise<string> {
  const seller = demoAccount('seller');
  const token = await emulatorCall(emulatorPort, 'signInWithPassword', seller);
  const listed = await api<Pick<Listing, 'image'>[]>(apiOrigin, 'GET', '/api/v1/recent-product');
  const original = await api<Listing>(apiOrigin, 'GET', `/api/v1/details/${listingId}`);
  const photos = [...new Set([original.image, ...listed.map((p) => p.image)])].slice(0, 3);
  if (photos.length < 3) throw new Error('the catalogue has fewer than three different photos');
  const { cpuFamily: _family, cpuLine: _line, ...specs } = original.specs ?? {};
  const { insertedId } = await api<{ insertedId: string }>(apiOrigin, 'POST', '/api/v1/add-products', {
    token,
    body: {
      productName: `${original.productName} (bench gallery)`,
      price: original.price,
      image: photos[0],
      photos,
      quality: original.quality,
      phone: original.phone ?? '+880 1711 445566',
      location: original.location,
      category: original.category,
      description: original.description,
      year: original.year,
      specs,
    },
  });
  return insertedId;
}

export interface PressOptions {
  /** The host's address, e.g. http://localhost:3800. */
  origin: string;
  /** The API's address and the Auth Emulator's port: the gallery's listing is added through them. */
  apiOrigin: string;
  emulatorPort: number;
  /** The listing whose details page is measured (the web section's: the first of category 04). */
  listingId: string;
  signedOut: Browser;
  signedIn: Browser;
  runs: number;
  outDir: string;
  commit: string;
}

/** Measures every interaction in every state, round by round; prints and writes the results. */
export async function benchPresses(options: PressOptions): Promise<PressSummary[]> {
  const { origin, listingId, signedOut, signedIn, runs } = options;
  const galleryId = await listingWithPhotos(options.apiOrigin, options.emulatorPort, listingId);
  const paths = { home: '/', details: `/details/${listingId}`, gallery: `/details/${galleryId}` };
  const browserFor = (state: State) => (state === 'started, signed in' ? signedIn : signedOut);
  const samples: PressSample[] = [];
  const startLoad = os.loadavg();
  console.log(`\nPresses: ${INTERACTIONS.length} interactions, ${runs} run${runs === 1 ? '' : 's'}…`);
  for (let run = 1; run <= runs; run++) {
    for (const interaction of INTERACTIONS) {
      for (const state of PRESSES[interaction].states) {
        const url = `${origin}${paths[PRESSES[interaction].page]}`;
        const sample = await measureOne(browserFor(state), url, interaction, state, run);
        samples.push(sample);
        console.log(
          `  run ${run}/${runs} ${interaction.padEnd(8)} ${state.padEnd(19)} ${String(sample.pressToEffectMs).padStart(5)} ms` +
            `  INP ${ms(sample.inpMs)}  by message ${sample.pressToMessageMs} ms  (${sample.event} → ${sample.effect})`,
        );
      }
    }
  }
  const summary = summarize(samples);
  console.log(pressesReport(summary, runs));
  const results = {
    date: new Date().toISOString(),
    commit: options.commit,
    machine: { cpus: os.cpus().length, loadAverageBefore: startLoad, loadAverageAfter: os.loadavg() },
    phone: PHONE,
    runs,
    pages: paths,
    effects: EFFECTS,
    summary,
    samples,
  };
  const file = writeResults(options.outDir, results, { prefix: 'presses', latest: 'presses-latest.json' });
  console.log(`\nResults: ${path.relative(repoRoot, file)} (and bench-results/presses-latest.json)`);
  return summary;
}

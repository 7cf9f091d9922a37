import { LANGUAGE_COOKIE, type Language } from 'shared-contracts/locale';
/**
 * The host's built index.html, cut where the rendered page goes. A page the browser renders (the
 * shell) keeps the entry's `<script defer>` in the head: nothing paints without it. A page the
 * server rendered is complete without script, so its entry moves to a loader at the end of the
 * body that starts it only once the page's above-the-fold images have painted, or, for a visitor
 * who is not signed in, only once they act (docs/product.md#first-paint): on a phone's link the
 * hydration code would otherwise share the bandwidth and the CPU with the largest image, and the
 * page would paint later for code it does not need yet.
 */
export interface PageTemplate {
  /** For the shell: the head as built, with the entry's script. */
  head: string;
  tail: string;
  /** For a server-rendered page: the head without the entry's script… */
  renderedHead: string;
  /** …which the tail's loader starts after the first paint or on the visitor's first action. */
  renderedTail(loader?: LoaderOptions): string;
}

export interface LoaderOptions {
  /** When the app starts (below). */
  startOn?: StartOn;
  /**
   * The response's Content-Security-Policy nonce: the loader is an inline script
   * (docs/decisions/0028-secure-by-default.md).
   */
  nonce?: string;
  /** What a screen reader reads out while a held press waits for the app, in the page's language. */
  waitText?: string;
}

const ROOT = '<div id="root"></div>';
const ENTRY_SCRIPT = /<script defer(?:="defer")? src="([^"]+)"><\/script>/g;

/**
 * When a server-rendered page starts its app (docs/product.md#first-paint):
 * - `paint`: once its largest images have painted (a signed-in visitor: live notifications, the
 *   stale-hint check, and files that are most likely in the cache already);
 * - `intent`: on the visitor's first touch, key, pointer movement, wheel turn or focus (a signed-out
 *   visitor, often a first and a short visit, who reads the page and pays for no script unless they
 *   go on).
 * Either way, what the visitor does before the app has started is not lost (`HOLD_UNTIL_READY`).
 */
export type StartOn = 'paint' | 'intent';

// Plain ES5 throughout: these scripts run before any of our code and must run everywhere.

/**
 * `go()` appends the entry scripts, in order, once; if one cannot be fetched (the visitor went
 * offline), the progress bar and the spoken wait of a held click go away, and the page stays what
 * it was: HTML whose links work.
 */
const START =
  'var d=0;function go(){if(d)return;d=1;s.forEach(function(u){var e=document.createElement("script");e.src=u;e.async=false;e.onerror=function(){waiting(0)};document.head.appendChild(e)})}';

/**
 * Calls `go()` once every `<img fetchpriority="high">` (the page's largest images, marked by the
 * page that renders them) is on screen. Where the browser reports its largest paint (Chromium),
 * that report for one of those images is the signal; "loaded, then a frame" was not enough, since
 * a large image is decoded and shown a frame or more after its load event, and the scripts then
 * started before it was painted, sharing the CPU and the link with it (Lighthouse saw them ahead of
 * the LCP on some runs). If another element is the largest paint, no report comes for the image:
 * the entry starts 300 ms after the images are decoded, long after their frame. Elsewhere decode()
 * and two frames stand for the paint. A broken image counts as done; 2.5 s is the longest a slow
 * image delays the page's code.
 */
const AFTER_PAINT =
  'var P=window.PerformanceObserver,t=P&&P.supportedEntryTypes,lcp=!!t&&t.indexOf("largest-contentful-paint")>-1;if(lcp)new P(function(l){l.getEntries().forEach(function(e){if(e.element&&e.element.getAttribute("fetchpriority")==="high")go()})}).observe({type:"largest-contentful-paint",buffered:true});function painted(){if(lcp)setTimeout(go,300);else requestAnimationFrame(function(){requestAnimationFrame(function(){setTimeout(go,0)})})}var w=[].filter.call(document.querySelectorAll(\'img[fetchpriority="high"]\'),function(i){return!i.complete}),n=w.length;if(!n)painted();w.forEach(function(i){function one(){if(--n===0)painted()}i.addEventListener("load",function(){if(i.decode)i.decode().then(one,one);else one()});i.addEventListener("error",one)});setTimeout(go,2500)';

/**
 * Until the host marks `<html data-app-ready>`, what the visitor does is not lost:
 * - a click on a link, or inside a form with an action (the header's search), is left to the
 *   browser: both work as HTML;
 * - a click on the theme switch (`[data-theme-switch]`) turns the page's theme at once, as CSS
 *   only needs `<html>`'s attribute and class: a phone waits seconds for the app, and the switch
 *   is the one button whose effect needs none. The theme on screen waits in
 *   `<html data-pre-app-theme>` (AppProviders keeps Mantine from painting the server's back over
 *   it); once the typed text is handed over, the switch is pressed for the app if the app's theme
 *   (the switch's attribute) differs, so the store and the cookie follow;
 * - on a signed-out page (`data-app-start="intent"`), a click on the language switch
 *   (`[data-language-switch]`, naming the other language) writes the language cookie as the app
 *   would and reloads: the server sends the page in that language in one round trip, where the
 *   app would first download, start, then fetch its texts (seconds on a phone). A signed-in page
 *   waits for its app, which also saves the choice to the profile;
 * - any other click is held (`preventDefault`, so a checkbox does not toggle under React's feet),
 *   starts the entry if it has not started, and is dispatched again on the same element once the
 *   app is ready (an event, not `.click()`: the element tapped is often a button's SVG icon);
 *   meanwhile `<html data-app-pending>` shows a progress bar, and a status region (`role="status"`,
 *   added to the body now so that its later change is read out) says `w`, the page's wait text;
 * - a field typed into is handed to React once it has hydrated: React keeps the typed text on
 *   screen but its state still holds the server's value, so the field is set back to that value
 *   through React's own tracker and to the typed text past it, then an `input` event makes React
 *   read the difference (its onChange).
 */
const HOLD_UNTIL_READY =
  'var h=document.documentElement,held=[],typed=[],live=document.createElement("div");live.setAttribute("role","status");live.className="app-pending-status";document.body.appendChild(live);function waiting(on){if(on)h.setAttribute("data-app-pending","");else h.removeAttribute("data-app-pending");live.textContent=on&&w?w:""}function ready(){return h.hasAttribute("data-app-ready")}function native(x){return!x.closest||x.closest("a[href],form[action]")}addEventListener("click",function(e){var x=e.target;if(ready()||!x||native(x))return;e.preventDefault();e.stopPropagation();if(x.closest("[data-theme-switch]")){var d=h.getAttribute("data-mantine-color-scheme")==="dark"?"light":"dark";h.setAttribute("data-mantine-color-scheme",d);h.classList.toggle("dark",d==="dark");h.setAttribute("data-pre-app-theme",d);go();return}var l=x.closest("[data-language-switch]");if(l&&h.getAttribute("data-app-start")==="intent"){document.cookie="' +
  LANGUAGE_COOKIE +
  '="+l.getAttribute("data-language-switch")+"; Path=/; Max-Age=31536000; SameSite=Lax"+(location.protocol==="https:"?"; Secure":"");waiting(1);location.reload();return}if(held.indexOf(x)===-1)held.push(x);waiting(1);go()},true);addEventListener("submit",function(e){if(ready()||native(e.target))return;e.preventDefault();go()},true);addEventListener("input",function(e){if(!ready()&&typed.indexOf(e.target)===-1)typed.push(e.target)},true);function replay(){typed.forEach(function(f){var v=f.value,p=Object.getOwnPropertyDescriptor(Object.getPrototypeOf(f),"value");if(!f.isConnected||!p||v===f.defaultValue)return;f.value=f.defaultValue;p.set.call(f,v);f.dispatchEvent(new Event("input",{bubbles:true}))});var p=h.getAttribute("data-pre-app-theme"),t=document.querySelector("[data-theme-switch]");h.removeAttribute("data-pre-app-theme");if(p&&t&&t.getAttribute("data-theme-switch")!==p)t.dispatchEvent(new MouseEvent("click",{bubbles:true,cancelable:true,view:window}));waiting(0);held.forEach(function(x){if(x.isConnected)x.dispatchEvent(new MouseEvent("click",{bubbles:true,cancelable:true,view:window}))})}new MutationObserver(function(m,o){if(!ready())return;o.disconnect();replay()}).observe(h,{attributes:true,attributeFilter:["data-app-ready"]});';

/**
 * Calls `go()` on the first sign that the visitor does something, and marks `<html
 * data-app-start="intent">` (the end-to-end tests read it). Not on `scroll`: the page scrolls
 * itself (the carousel's track on load, scroll restoration), and every scroll a visitor makes
 * starts with a touch, a wheel turn, a key or a press on the scrollbar.
 */
const ON_INTENT =
  'var E=["pointerdown","pointermove","touchstart","keydown","focusin","wheel"];h.setAttribute("data-app-start","intent");function first(){E.forEach(function(t){removeEventListener(t,first,true)});go()}E.forEach(function(t){addEventListener(t,first,{capture:true,passive:true})})';

/** A value written into the inline script: JSON, with `<` escaped so that no text can end the script. */
const scriptValue = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

/** The inline script that starts a server-rendered page's entry `sources`. */
export function entryLoader(
  sources: readonly string[],
  { startOn = 'paint', nonce, waitText = '' }: LoaderOptions = {},
): string {
  const when = startOn === 'intent' ? ON_INTENT : AFTER_PAINT;
  return `<script${nonceAttribute(nonce)}>(function(s,w){${START}${HOLD_UNTIL_READY}${when}})(${scriptValue(sources)},${scriptValue(waitText)})</script>`;
}

/** A CSP nonce is base64: anything else is left out rather than written into the page. */
export function nonceAttribute(nonce: string | undefined): string {
  return nonce && /^[A-Za-z0-9+/_-]{16,}={0,2}$/.test(nonce) ? ` nonce="${nonce}"` : '';
}

export function splitTemplate(html: string): PageTemplate {
  const at = html.indexOf(ROOT);
  if (at === -1) throw new Error(`The host's index.html has no ${ROOT}`);
  const head = `${html.slice(0, at)}<div id="root">`;
  const tail = `</div>${html.slice(at + ROOT.length)}`;
  const sources = [...head.matchAll(ENTRY_SCRIPT)].map((m) => m[1]!);
  if (sources.length === 0) throw new Error("The host's index.html has no deferred entry script");
  if (!tail.includes('</body>')) throw new Error("The host's index.html has no </body>");
  return {
    head,
    tail,
    renderedHead: head.replace(ENTRY_SCRIPT, ''),
    // A function, so that no `$` in a text is read as a replacement pattern.
    renderedTail: (loader) => tail.replace('</body>', () => `${entryLoader(sources, loader)}</body>`),
  };
}

export interface PageLook {
  theme: 'light' | 'dark';
  language: Language;
}

/**
 * The visitor's page from its first byte: dark-mode visitors get dark HTML (Mantine's attribute
 * and the `dark` class the original pages style by on <html>), and `lang` names the language the page is written in
 * (screen readers pick their voice by it; the browser's store starts from it).
 */
export function applyPageLook(head: string, { theme, language }: PageLook): string {
  const attributes = `data-mantine-color-scheme="${theme}"${theme === 'dark' ? ' class="dark"' : ''}`;
  return head.replace(
    /<html([^>]*)>/,
    (_tag, rest: string) => `<html lang="${language}"${rest.replace(/\s*\blang="[^"]*"/, '')} ${attributes}>`,
  );
}

/** The tab's title and the page's description, as the head's text and attribute need them. */
export interface DocumentTexts {
  title: string;
  description: string;
}

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The head with its title and description in the page's language (index.html carries English). */
export function withDocumentTexts(head: string, { title, description }: DocumentTexts): string {
  return head
    .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(title)}</title>`)
    .replace(
      /<meta name="description" content="[^"]*"\s*\/?>/,
      () => `<meta name="description" content="${escapeHtml(description)}" />`,
    );
}

export function withHeadTags(head: string, tags: string): string {
  return tags ? head.replace('</head>', `${tags}</head>`) : head;
}

import { JSDOM, type DOMWindow } from 'jsdom';
import { describe, expect, it } from 'vitest';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { applyPageLook, splitTemplate, withDocumentTexts, type StartOn } from './page-template';

// The shape of the index.html HtmlRspackPlugin writes (host/index.html + the entry's tags).
const built =
  '<!doctype html><html lang="en"><head><title>SecondByte</title>' +
  '<script defer src="/main.0123abcd.js"></script><link href="/main.4567.css" rel="stylesheet">' +
  '</head><body><div id="root"></div></body></html>';

describe('splitTemplate', () => {
  it('keeps the entry script in the head of the shell, which paints nothing without it', () => {
    const template = splitTemplate(built);
    expect(template.head).toContain('<script defer src="/main.0123abcd.js"></script>');
    expect(template.head.endsWith('<div id="root">')).toBe(true);
    expect(template.tail).toBe('</div></body></html>');
  });

  it('moves the entry of a server-rendered page to a loader at the end of the body', () => {
    const template = splitTemplate(built);
    expect(template.renderedHead).not.toContain('<script');
    expect(template.renderedHead).toContain('<link href="/main.4567.css" rel="stylesheet">');
    expect(template.renderedTail()).toMatch(
      /^<\/div><script>\(function\(s,w\)\{.*\}\)\(\["\/main\.0123abcd\.js"\],""\)<\/script><\/body><\/html>$/,
    );
  });

  it("gives the loader the response's CSP nonce, and never writes anything else into the tag", () => {
    const template = splitTemplate(built);
    const nonce = 'q2Lk7XbJm1sR0yT5cVw9Ag==';
    expect(template.renderedTail({ nonce })).toMatch(
      new RegExp(`^</div><script nonce="${nonce}">\\(function`),
    );
    expect(template.renderedTail({ startOn: 'intent', nonce: '"><img src=x onerror=alert(1)>' })).toMatch(
      /^<\/div><script>\(function/,
    );
    expect(template.renderedTail({ nonce: 'short' })).toMatch(/^<\/div><script>\(function/);
  });

  it('writes the wait text into the loader as a value that cannot end its script', () => {
    const tail = splitTemplate(built).renderedTail({ waitText: 'Loading $& </script><script>alert(1)' });
    expect(tail.match(/<script/g)).toHaveLength(1);
    expect(tail).toContain('"Loading $& \\u003c/script>\\u003cscript>alert(1)"');
  });

  it('refuses a template without a root or an entry script', () => {
    expect(() => splitTemplate('<html><body></body></html>')).toThrow(/no <div id="root"><\/div>/);
    expect(() => splitTemplate('<html><head></head><body><div id="root"></div></body></html>')).toThrow(
      /no deferred entry script/,
    );
  });
});

/**
 * Runs the loader on a page of its own, as the browser would at the end of `body`: its listeners stay
 * on that page's window for the page's life, so no test sees another's. `setUp` gives the window
 * what jsdom lacks (the largest-paint observer).
 */
function visit(body: string, startOn: StartOn = 'intent', setUp?: (window: DOMWindow) => void) {
  const waitText = 'Loading the page, one moment…';
  const dom = new JSDOM(`<!doctype html><html><head></head><body>${body}</body></html>`, {
    runScripts: 'outside-only',
    pretendToBeVisual: true,
  });
  setUp?.(dom.window);
  const code = /<script>(.*)<\/script>/.exec(splitTemplate(built).renderedTail({ startOn, waitText }))![1]!;
  dom.window.eval(code);
  const { document } = dom.window;
  return {
    window: dom.window,
    document,
    started: () => [...document.head.querySelectorAll('script')].map((s) => s.getAttribute('src')),
    /** What a screen reader reads out of the loader's status region. */
    spoken: () => document.querySelector('[role="status"]')?.textContent,
    /** What the host's bootstrap does once React has hydrated the page. */
    appReady: () => document.documentElement.setAttribute('data-app-ready', ''),
  };
}
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const settle = () => wait(0);

describe('the entry loader', () => {
  it('waits for the high-priority images, then painted frames, before it starts the entry', async () => {
    const page = visit('<img fetchpriority="high" src="/hero.webp"><img src="/other.webp">', 'paint');
    const hero = page.document.querySelector('img')!;
    Object.defineProperty(hero, 'complete', { value: false });
    await wait(50);
    // jsdom loads no images, so the hero completes only when the test says so: nothing started yet.
    expect(page.started()).toEqual([]);
    hero.dispatchEvent(new page.window.Event('load'));
    await wait(100);
    expect(page.started()).toEqual(['/main.0123abcd.js']);
  });

  describe('where the browser reports its largest paint', () => {
    let report: (entries: { element: Element | null }[]) => void = () => {};
    class FakeObserver {
      static supportedEntryTypes = ['largest-contentful-paint'];
      constructor(callback: (list: { getEntries: () => unknown[] }) => void) {
        report = (entries) => callback({ getEntries: () => entries });
      }
      observe() {}
    }
    const withObserver = (window: DOMWindow) => Object.assign(window, { PerformanceObserver: FakeObserver });

    it('starts the entry when the hero is reported painted, not when it has loaded', async () => {
      const page = visit(
        '<h1>Laptops</h1><img fetchpriority="high" src="/hero.webp">',
        'paint',
        withObserver,
      );
      const hero = page.document.querySelector('img')!;
      hero.dispatchEvent(new page.window.Event('load'));
      report([{ element: page.document.querySelector('h1') }]);
      await wait(100);
      expect(page.started()).toEqual([]);
      report([{ element: hero }]);
      expect(page.started()).toEqual(['/main.0123abcd.js']);
    });

    it('starts 300 ms after the images load when the hero is not the largest paint', async () => {
      const page = visit('<img fetchpriority="high" src="/hero.webp">', 'paint', withObserver);
      page.document.querySelector('img')!.dispatchEvent(new page.window.Event('load'));
      await wait(150);
      expect(page.started()).toEqual([]);
      await wait(300);
      expect(page.started()).toEqual(['/main.0123abcd.js']);
    });
  });
});

describe('the entry loader before the app is ready', () => {
  it('starts nothing while the visitor only reads, and the entry on their first touch', async () => {
    const page = visit('<img fetchpriority="high" src="/hero.webp"><h1>Laptops</h1>');
    expect(page.document.documentElement.getAttribute('data-app-start')).toBe('intent');
    page.document.querySelector('img')!.dispatchEvent(new page.window.Event('load'));
    await wait(400);
    expect(page.started()).toEqual([]);
    page.document.body.dispatchEvent(new page.window.Event('touchstart', { bubbles: true }));
    expect(page.started()).toEqual(['/main.0123abcd.js']);
    // Nothing is waiting for the app: nothing to read out.
    expect(page.spoken()).toBe('');
  });

  it('starts nothing when the page scrolls by itself', async () => {
    const page = visit('<div style="overflow-x:auto"><p>Slide 1</p></div>');
    page.document.querySelector('div')!.dispatchEvent(new page.window.Event('scroll'));
    page.document.dispatchEvent(new page.window.Event('scroll', { bubbles: true }));
    await settle();
    expect(page.started()).toEqual([]);
  });

  it('holds a click on a button until the app is ready, saying so, then clicks it again, once', async () => {
    const page = visit('<button>Next slide</button>');
    const button = page.document.querySelector('button')!;
    const clicks: boolean[] = [];
    button.addEventListener('click', (event) => clicks.push(event.defaultPrevented));
    button.click();
    button.click();
    expect(clicks).toEqual([]);
    expect(page.started()).toEqual(['/main.0123abcd.js']);
    expect(page.document.documentElement.hasAttribute('data-app-pending')).toBe(true);
    expect(page.spoken()).toBe('Loading the page, one moment…');
    page.appReady();
    await settle();
    expect(clicks).toEqual([false]);
    expect(page.document.documentElement.hasAttribute('data-app-pending')).toBe(false);
    expect(page.spoken()).toBe('');
    button.click();
    expect(clicks).toEqual([false, false]);
  });

  it('turns the theme at once on a press of the theme switch, and leaves it for the app to take over', async () => {
    const page = visit(
      '<button data-theme-switch="light"><svg><path></path></svg></button><button>Next slide</button>',
    );
    const root = page.document.documentElement;
    root.setAttribute('data-mantine-color-scheme', 'light');
    const button = page.document.querySelector('button')!;
    let clicks = 0;
    button.addEventListener('click', () => clicks++);
    page.document
      .querySelector('path')!
      .dispatchEvent(new page.window.MouseEvent('click', { bubbles: true }));
    expect(root.getAttribute('data-mantine-color-scheme')).toBe('dark');
    expect(root.classList.contains('dark')).toBe(true);
    expect(root.getAttribute('data-pre-app-theme')).toBe('dark');
    // Nothing waits: no bar, no spoken wait; the press still starts the app.
    expect(root.hasAttribute('data-app-pending')).toBe(false);
    expect(page.started()).toEqual(['/main.0123abcd.js']);
    button.click();
    expect(root.getAttribute('data-mantine-color-scheme')).toBe('light');
    expect(root.classList.contains('dark')).toBe(false);
    expect(root.getAttribute('data-pre-app-theme')).toBe('light');
    // Any other press is held too, and leaves the theme alone.
    page.document.querySelectorAll('button')[1]!.click();
    expect(root.getAttribute('data-mantine-color-scheme')).toBe('light');
    expect(root.hasAttribute('data-app-pending')).toBe(true);
    // Pressed twice, the theme is the app's own again: nothing to hand over.
    page.appReady();
    await settle();
    expect(clicks).toBe(0);
    expect(root.hasAttribute('data-pre-app-theme')).toBe(false);
  });

  it('hands a theme switched before the start to the app as one press of its switch, after the typed text', async () => {
    const page = visit('<button data-theme-switch="light">Theme</button><input name="q">');
    const root = page.document.documentElement;
    const button = page.document.querySelector('button')!;
    const input = page.document.querySelector('input')!;
    const order: string[] = [];
    button.addEventListener('click', () => order.push('theme'));
    input.addEventListener('input', () => order.push(`typed ${input.value}`));
    button.click();
    expect(root.getAttribute('data-mantine-color-scheme')).toBe('dark');
    input.value = 'thinkpad';
    input.dispatchEvent(new page.window.Event('input', { bubbles: true }));
    order.length = 0;
    page.appReady();
    await settle();
    expect(order).toEqual(['typed thinkpad', 'theme']);
    expect(root.hasAttribute('data-pre-app-theme')).toBe(false);
  });

  it('takes the progress bar and the spoken wait away when the app cannot be fetched', () => {
    const page = visit('<button>Next slide</button>');
    page.document.querySelector('button')!.click();
    expect(page.document.documentElement.hasAttribute('data-app-pending')).toBe(true);
    page.document.head.querySelector('script')!.dispatchEvent(new page.window.Event('error'));
    expect(page.document.documentElement.hasAttribute('data-app-pending')).toBe(false);
    expect(page.spoken()).toBe('');
  });

  it('holds a click for a signed-in visitor too, whose app starts after the first paint', async () => {
    const page = visit('<button>Notifications</button>', 'paint');
    expect(page.document.documentElement.hasAttribute('data-app-start')).toBe(false);
    const button = page.document.querySelector('button')!;
    let clicks = 0;
    button.addEventListener('click', () => clicks++);
    button.click();
    expect(clicks).toBe(0);
    page.appReady();
    await settle();
    expect(clicks).toBe(1);
  });

  it('leaves links and forms with an action to the browser', () => {
    const page = visit(
      '<a href="/category/products/04"><span>Dell</span></a>' +
        '<form action="/search"><button type="submit">Search</button></form>',
    );
    const prevented: boolean[] = [];
    page.window.addEventListener('click', (event) => prevented.push(event.defaultPrevented));
    page.window.addEventListener('submit', (event) => {
      prevented.push(event.defaultPrevented);
      event.preventDefault(); // jsdom cannot navigate
    });
    page.document.querySelector('span')!.click();
    page.document.querySelector('button')!.click();
    expect(prevented).toEqual([false, false, false]);
  });

  it('hands a field typed into before the app started to the app, as an input event', async () => {
    const page = visit('<form><input name="email" value=""></form>');
    const field = page.document.querySelector('input')!;
    field.value = 'buyer@example.com';
    field.dispatchEvent(new page.window.Event('input', { bubbles: true }));
    const seen: string[] = [];
    field.addEventListener('input', () => seen.push(field.value));
    page.appReady();
    await settle();
    expect(seen).toEqual(['buyer@example.com']);
    expect(field.value).toBe('buyer@example.com');
  });
});

describe('applyPageLook', () => {
  it('writes the dark theme on <html> for Mantine and for the spec’s class', () => {
    expect(applyPageLook('<html lang="en"><head>', { theme: 'dark', language: 'en' })).toBe(
      '<html lang="en" data-mantine-color-scheme="dark" class="dark"><head>',
    );
  });

  it('names the page’s language in place of the template’s', () => {
    expect(applyPageLook('<html lang="en" dir="ltr"><head>', { theme: 'light', language: 'bn' })).toBe(
      '<html lang="bn" dir="ltr" data-mantine-color-scheme="light"><head>',
    );
  });
});

describe('withDocumentTexts', () => {
  it("puts the page's title and description in place of index.html's, escaped", async () => {
    const indexHtml = await readFile(path.join(import.meta.dirname, '../../index.html'), 'utf8');
    const head = withDocumentTexts(indexHtml, {
      title: 'SecondByte — পুরোনো ল্যাপটপের বাজার',
      description: 'Laptops "& more" <cheap>',
    });
    expect(head).toContain('<title>SecondByte — পুরোনো ল্যাপটপের বাজার</title>');
    expect(head).toContain(
      '<meta name="description" content="Laptops &quot;&amp; more&quot; &lt;cheap&gt;" />',
    );
    expect(head.match(/<title>/g)).toHaveLength(1);
    expect(head.match(/name="description"/g)).toHaveLength(1);
  });
});

import { createElement } from 'react';
import { prerender } from 'react-dom/static';
import {
  createAuthStore,
  createQueryClient,
  loadLanguage,
  setRequestScopeResolver,
  type AppConfig,
} from 'runtime-kernel';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTranslator, messageKeys, type Translation } from './i18n';

const en = { greeting: 'Hello, {{name}}', nested: { count: '{{n}} laptops' } };
const bn: Translation<typeof en> = { greeting: 'নমস্কার, {{name}}', nested: { count: '{{n}}টি ল্যাপটপ' } };

// Every translator registers with the kernel's one list, which outlives a test: each test makes
// its own, under a namespace of its own, with a loader it can count and hold back.
let namespaces = 0;
function translatorWithLoader(loader: () => Promise<Translation<typeof en>>) {
  const load = vi.fn(loader);
  return { load, ...createTranslator(`kit-test-${(namespaces += 1)}`, { en, bn: load }) };
}

/** A promise the test settles itself: a chunk still on its way. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** Renders as the server does for a request in Bangla (its own store), once nothing is suspended. */
async function renderInBangla(node: React.ReactNode): Promise<string> {
  const scope = {
    authStore: createAuthStore({ hint: null, theme: 'light', language: 'bn' }),
    queryClient: createQueryClient({ server: true }),
    config: {} as AppConfig,
  };
  setRequestScopeResolver(() => scope);
  const { prelude } = await prerender(node);
  return new Response(prelude).text();
}

afterEach(() => {
  setRequestScopeResolver(() => undefined);
  vi.restoreAllMocks();
});

describe('createTranslator', () => {
  it('writes the counts in messages as Intl’s number format would, in each language', async () => {
    const counted = { laptops: '{{count, number}} laptops', year: 'in {{year, number(useGrouping: false)}}' };
    const { translate } = createTranslator(`kit-test-${(namespaces += 1)}`, {
      en: counted,
      bn: async () => counted,
    });
    await loadLanguage('bn');
    for (const language of ['en', 'bn'] as const) {
      for (const count of [0, 1, 999, 1234, 1234567, 2.5, -3]) {
        const intl = new Intl.NumberFormat(language).format(count);
        expect(translate(language)('laptops', { count })).toBe(`${intl} laptops`);
      }
      const year = new Intl.NumberFormat(language, { useGrouping: false }).format(2026);
      expect(translate(language)('year', { year: 2026 })).toBe(`in ${year}`);
    }
    expect(translate('bn')('laptops', { count: 1234567 })).toBe('১২,৩৪,৫৬৭ laptops');
  });

  it('leaves a place without a value as written, and reads a key no language has as the key', () => {
    const { translate } = translatorWithLoader(async () => bn);
    expect(translate('en')('greeting')).toBe('Hello, {{name}}');
    expect(translate('en')('greeting', { other: 'x' })).toBe('Hello, {{name}}');
    expect(translate('en')('nested.missing' as 'greeting')).toBe('nested.missing');
    expect(translate('en')('nested' as 'greeting')).toBe('nested');
  });

  it('answers in the language asked for, with values put in and not HTML-escaped (React escapes)', async () => {
    const { translate } = translatorWithLoader(async () => bn);
    await loadLanguage('bn');
    expect(translate('en')('greeting', { name: 'Mira & Bodhi' })).toBe('Hello, Mira & Bodhi');
    expect(translate('bn')('greeting', { name: 'মীরা' })).toBe('নমস্কার, মীরা');
    expect(translate('bn')('nested.count', { n: '৩' })).toBe('৩টি ল্যাপটপ');
  });

  it('carries English only: Bangla is fetched once, when a page asks for it, and reads English until then', async () => {
    await loadLanguage('en');
    const { translate, load } = translatorWithLoader(async () => bn);
    expect(load).not.toHaveBeenCalled();
    expect(translate('bn')('greeting', { name: 'Mira' })).toBe('Hello, Mira');

    await Promise.all([loadLanguage('bn'), loadLanguage('bn')]);
    await loadLanguage('bn');
    expect(load).toHaveBeenCalledTimes(1);
    expect(translate('bn')('greeting', { name: 'মীরা' })).toBe('নমস্কার, মীরা');
  });

  it('starts loading at once when it arrives after the page asked for the language (a remote evaluated during hydration)', async () => {
    await loadLanguage('bn');
    const chunk = deferred<Translation<typeof en>>();
    const { translate, load } = translatorWithLoader(() => chunk.promise);
    expect(load).toHaveBeenCalledTimes(1);

    const everyPackage = loadLanguage('bn');
    chunk.resolve(bn);
    await everyPackage;
    expect(load).toHaveBeenCalledTimes(1);
    expect(translate('bn')('nested.count', { n: '২' })).toBe('২টি ল্যাপটপ');
  });

  it('holds a component back until its Bangla texts are in, so it never renders English on a Bangla page', async () => {
    const chunk = deferred<Translation<typeof en>>();
    const { useT } = translatorWithLoader(() => chunk.promise);
    function Greeting() {
      return createElement('p', null, useT()('greeting', { name: 'মীরা' }));
    }

    const html = renderInBangla(createElement(Greeting));
    setTimeout(() => chunk.resolve(bn), 20);
    expect(await html).toBe('<p>নমস্কার, মীরা</p>');
  });

  it('shows English when the Bangla chunk fails, and fetches it again on the next request for the language', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let attempt = 0;
    const { useT, translate, load } = translatorWithLoader(async () => {
      attempt += 1;
      if (attempt === 1) throw new TypeError('Failed to fetch dynamically imported module');
      return bn;
    });
    function Greeting() {
      return createElement('p', null, useT()('greeting', { name: 'Mira' }));
    }

    await loadLanguage('bn');
    expect(console.error).toHaveBeenCalledWith(
      expect.stringContaining('texts in bn did not load'),
      expect.any(TypeError),
    );
    expect(await renderInBangla(createElement(Greeting))).toBe('<p>Hello, Mira</p>');

    await loadLanguage('bn');
    expect(load).toHaveBeenCalledTimes(2);
    expect(translate('bn')('greeting', { name: 'মীরা' })).toBe('নমস্কার, মীরা');
  });

  it('lists every dotted key of a message tree', () => {
    expect(messageKeys(en)).toEqual(['greeting', 'nested.count']);
  });
});

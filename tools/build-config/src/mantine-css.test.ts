import type { Compiler } from '@rspack/core';
import { describe, expect, it } from 'vitest';
import path from 'node:path';
import { MantineCssCoveragePlugin, mantineCssFiles } from './mantine-css.ts';

describe("the host's Mantine CSS selection", () => {
  it("is Mantine's base CSS, then the used components' CSS, in styles.css order", () => {
    const files = mantineCssFiles().map((file) => path.basename(file));
    expect(files.slice(0, 3)).toEqual(['baseline.css', 'default-css-variables.css', 'global.css']);
    // Every package renders buttons; Modal pulls ModalBase's CSS through Mantine's own imports.
    expect(files).toEqual(expect.arrayContaining(['Button.css', 'ModalBase.css']));
    expect(new Set(files).size).toBe(files.length);
  });
});

/** Runs the plugin's afterEmit check on these assets; returns the errors it added. */
function check(assets: Record<string, string>): string[] {
  let afterEmit: ((compilation: unknown) => void) | undefined;
  class WebpackError extends Error {}
  const compiler = {
    webpack: { WebpackError },
    hooks: { afterEmit: { tap: (_name: string, fn: (compilation: unknown) => void) => (afterEmit = fn) } },
  };
  new MantineCssCoveragePlugin().apply(compiler as unknown as Compiler);
  const errors: Error[] = [];
  afterEmit?.({
    getAssets: () => Object.entries(assets).map(([name, text]) => ({ name, source: { source: () => text } })),
    errors,
  });
  return errors.map((e) => e.message);
}

describe("the host build's Mantine CSS check", () => {
  it('passes when every Mantine class the JavaScript names has CSS', () => {
    expect(
      check({ 'main.js': 'cx("m_1b7284a3", "m_2ce0de02")', 'main.css': '.m_1b7284a3{}.m_2ce0de02{}' }),
    ).toEqual([]);
  });

  it('fails the build naming the classes without CSS (a component would render unstyled)', () => {
    const [error, ...more] = check({
      'main.js': 'cx("m_1b7284a3")',
      'chunk.js': '"m_deadbeef"',
      'main.css': '.m_1b7284a3{}',
      'main.js.map': '"m_0000ffff"',
    });
    expect(more).toEqual([]);
    expect(error).toMatch(/Mantine classes without CSS in the host: m_deadbeef\./);
  });
});

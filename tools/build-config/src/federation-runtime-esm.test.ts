import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { federationRuntimeAsEsm } from './federation-runtime-esm.ts';

const workspace = path.resolve(__dirname, '../../..');

/** The file a package's `exports['.'].import` names, for the package a file belongs to. */
function esmEntryOf(file: string): string {
  let dir = path.dirname(file);
  while (!existsSync(path.join(dir, 'package.json'))) dir = path.dirname(dir);
  const manifest = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8'));
  const entry = manifest.exports['.'].import;
  return path.join(dir, typeof entry === 'string' ? entry : entry.default);
}

describe('the federation runtime in browser bundles', () => {
  it.each(['host', 'remote-catalog'])('is aliased from its CommonJS files to its ES build in %s', (pkg) => {
    const aliases = federationRuntimeAsEsm(path.join(workspace, pkg));
    expect(Object.keys(aliases)).toHaveLength(3);
    for (const [from, to] of Object.entries(aliases)) {
      // An upgrade that moved either file would otherwise quietly bring the CommonJS build back.
      if (from.startsWith('/')) expect(existsSync(from.replace(/\$$/, '')), from).toBe(true);
      expect(existsSync(to), to).toBe(true);
      expect(to, 'the package’s own ES entry').toBe(esmEntryOf(to));
      expect(readFileSync(to, 'utf8')).toMatch(/^export /m);
    }
  });
});

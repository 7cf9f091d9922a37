// The exports of a shared library that ANY package of this workspace (or a shared library built on
// it) imports. Module Federation's shared tree shaking keeps only these in each build's copy of the
// library; the copy that loads first (the host's, shareStrategy 'loaded-first') serves every remote,
// and the runtime does not check a singleton's exports against the remote's needs. So every build
// must keep the same union, computed here from all the sources, never from the one being built.
import { readdirSync, readFileSync, realpathSync, statSync } from 'node:fs';
import path from 'node:path';
import { repoRoot } from './runtime-config.mjs';

/** Our packages whose source can import a shared library (remotes are found by their folder name). */
const SOURCE_DIRS = () => [
  'host/src',
  'shared-auth/src',
  ...readdirSync(repoRoot)
    .filter((name) => name.startsWith('remote-'))
    .map((name) => `${name}/src`),
];

/**
 * Libraries shaken, with the shared libraries whose published ESM also imports them (their imports
 * count as used). For @mantine/hooks every hook any file of @mantine/core imports counts, whether or
 * not the shaken core keeps that file: more than needed, never less.
 */
export const SHAKEN_LIBRARIES = {
  '@mantine/core': ['@mantine/notifications'],
  '@mantine/hooks': ['@mantine/core', '@mantine/notifications'],
  'react-router': [],
};

function filesUnder(dir, test) {
  const out = [];
  let entries;
  try {
    entries = readdirSync(dir);
  } catch {
    return out;
  }
  for (const name of entries) {
    if (name === 'node_modules' || name === 'dist') continue;
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) out.push(...filesUnder(file, test));
    else if (test(name)) out.push(file);
  }
  return out;
}

const escape = (s) => s.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

/** Named value imports (and re-exports) of `library` in one file; throws on what cannot be listed. */
function importedNames(source, library, file) {
  const names = new Set();
  const from = `from\\s*['"]${escape(library)}['"]`;
  for (const match of source.matchAll(
    new RegExp(`(import|export)\\s+(type\\s+)?([^;]*?)\\s*${from}`, 'gs'),
  )) {
    if (match[2]) continue;
    const clause = match[3];
    if (/\*/.test(clause) || !/\{/.test(clause) || /^[\w$]+\s*,/.test(clause.trim())) {
      // A namespace or default import hides which exports are used: the shaken copy could lack one.
      throw new Error(
        `${file}: import only named exports from '${library}' (shared tree shaking lists them)`,
      );
    }
    const list = clause.slice(clause.indexOf('{') + 1, clause.lastIndexOf('}'));
    for (let part of list.split(',')) {
      part = part.trim();
      if (!part || part.startsWith('type ')) continue;
      names.add(part.split(/\s+as\s+/)[0].trim());
    }
  }
  return names;
}

/** @returns {string[]} sorted export names of `library` used anywhere in the workspace. */
export function usedExportsOf(library) {
  const used = new Set();
  const add = (file) => {
    const source = readFileSync(file, 'utf8');
    if (!source.includes(library)) return;
    for (const name of importedNames(source, library, file)) used.add(name);
  };
  for (const dir of SOURCE_DIRS()) {
    // Tests run in Vitest, not in the federated build, so they do not count.
    filesUnder(
      path.join(repoRoot, dir),
      (n) => /\.[cm]?[jt]sx?$/.test(n) && !/\.test\.[jt]sx?$/.test(n),
    ).forEach(add);
  }
  for (const dependent of SHAKEN_LIBRARIES[library] ?? []) {
    // The host depends on every shared library; its node_modules link is the installed copy.
    const root = realpathSync(path.join(repoRoot, 'host', 'node_modules', dependent));
    filesUnder(path.join(root, 'esm'), (n) => n.endsWith('.mjs')).forEach(add);
  }
  if (used.size === 0) throw new Error(`No imports of '${library}' found: refusing to shake it to nothing`);
  return [...used].sort();
}

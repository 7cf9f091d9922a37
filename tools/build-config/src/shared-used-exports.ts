// The exports of a shared library that ANY package of this workspace (or a shared library built on
// it) imports. Module Federation's shared tree shaking keeps only these in each build's copy of the
// library; the copy that loads first (the host's, shareStrategy 'loaded-first') serves every remote,
// and the runtime does not check a singleton's exports against the remote's needs. So every build
// must keep the same union, computed here from all the sources, never from the one being built.
import { existsSync, readdirSync, readFileSync, realpathSync, statSync } from 'node:fs';
import path from 'node:path';
import { repoRoot } from 'web-server/runtime-config';
import { missingSharedExports, type ExportsByLibrary } from 'shared-contracts/build-info';

/** Our packages whose source can import a shared library (remotes are found by their folder name). */
const SOURCE_DIRS = () => [
  'host/src',
  'runtime-kernel/src',
  'web-kit/src',
  ...readdirSync(repoRoot)
    .filter((name) => name.startsWith('remote-'))
    .map((name) => `${name}/src`),
];

/**
 * Libraries shaken, with the shared libraries whose published ESM also imports them (their imports
 * count as used). For @mantine/hooks only the files of @mantine/core that its shaken copy keeps
 * count (mantineCoreFilesInUse): a hook that only a dropped component imports is not needed.
 */
export const SHAKEN_LIBRARIES: Record<string, string[]> = {
  '@mantine/core': ['@mantine/notifications'],
  '@mantine/hooks': ['@mantine/core', '@mantine/notifications'],
  'react-router': [],
};

function filesUnder(
  dir: string,
  test: (name: string) => boolean,
  skipFolder = (_name: string) => false,
): string[] {
  const out: string[] = [];
  let entries: string[];
  try {
    entries = readdirSync(dir);
  } catch {
    return out;
  }
  for (const name of entries) {
    if (name === 'node_modules' || name === 'dist') continue;
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) {
      if (!skipFolder(name)) out.push(...filesUnder(file, test, skipFolder));
    } else if (test(name)) out.push(file);
  }
  return out;
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

/** Named value imports (and re-exports) of `library` in one file; throws on what cannot be listed. */
function importedNames(source: string, library: string, file: string): Set<string> {
  const names = new Set<string>();
  const from = `from\\s*['"]${escape(library)}['"]`;
  for (const match of source.matchAll(
    new RegExp(`(import|export)\\s+(type\\s+)?([^;]*?)\\s*${from}`, 'gs'),
  )) {
    if (match[2]) continue;
    const clause = match[3] ?? '';
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
      names.add((part.split(/\s+as\s+/)[0] ?? '').trim());
    }
  }
  return names;
}

const isBundledSource = (n: string) => /\.[cm]?[jt]sx?$/.test(n) && !/\.test\.[jt]sx?$/.test(n);
/**
 * Folders no browser bundle takes code from: test helpers (`src/test/`, `src/testing/`; lint keeps
 * application code from importing them) and the host's renderer (`src/server/`), which only its
 * server build bundles, where the shared libraries are whole. Their imports (MemoryRouter,
 * createStaticHandler) would otherwise keep server and test code in every phone's first load.
 */
export const isOutsideBrowserBundles = (folder: string) => ['test', 'testing', 'server'].includes(folder);

/** Adds the names `files` import from `library` to `used`. */
function collect(used: Set<string>, library: string, files: Iterable<string>): void {
  for (const file of files) {
    const source = readFileSync(file, 'utf8');
    if (!source.includes(library)) continue;
    for (const name of importedNames(source, library, file)) used.add(name);
  }
}

/**
 * Sorted export names of `library` that the source under `dirs` (absolute, or relative to the
 * repository) imports: what one remote needs from the host's shared copy.
 */
export function exportsImportedBy(library: string, dirs: readonly string[]): string[] {
  const used = new Set<string>();
  // Tests and their helpers run in Vitest and the renderer on the server, not in a shaken build.
  for (const dir of dirs)
    collect(used, library, filesUnder(path.resolve(repoRoot, dir), isBundledSource, isOutsideBrowserBundles));
  return [...used].sort();
}

/** The installed copy of a shared library (the host depends on every one of them). */
const installed = (library: string) => realpathSync(path.join(repoRoot, 'host', 'node_modules', library));

/**
 * The ESM files of @mantine/core that its shaken copy keeps: those of every
 * export the workspace uses, closed over Mantine's own imports (Modal pulls ModalBase, Overlay,
 * CloseButton...). The CSS the host ships is chosen from the same files (mantine-css.ts).
 */
export function mantineCoreFilesInUse(): Set<string> {
  const esm = path.join(installed('@mantine/core'), 'esm');
  const index = readFileSync(path.join(esm, 'index.mjs'), 'utf8');
  const exportFile = new Map<string, string>();
  for (const [, names = '', file = ''] of index.matchAll(/import\s*\{([^}]*)\}\s*from\s*"(\.[^"]+)"/g)) {
    for (const name of names.split(','))
      exportFile.set(name.trim().split(/\s+as\s+/)[0] ?? '', path.join(esm, file));
  }
  const seen = new Set<string>();
  const visit = (file: string): void => {
    if (seen.has(file) || !existsSync(file)) return;
    seen.add(file);
    const src = readFileSync(file, 'utf8');
    for (const [, dep = ''] of src.matchAll(/from\s*"(\.[^"]+\.mjs)"/g))
      visit(path.resolve(path.dirname(file), dep));
  };
  for (const name of usedExportsOf('@mantine/core')) {
    // Names re-exported from other packages (RemoveScroll) have no file here.
    const file = exportFile.get(name);
    if (file) visit(file);
  }
  return seen;
}

/** Sorted export names of `library` used anywhere in the workspace. */
export function usedExportsOf(library: string): string[] {
  const used = new Set(exportsImportedBy(library, SOURCE_DIRS()));
  for (const dependent of SHAKEN_LIBRARIES[library] ?? []) {
    const files =
      dependent === '@mantine/core'
        ? [...mantineCoreFilesInUse()]
        : filesUnder(path.join(installed(dependent), 'esm'), (n) => n.endsWith('.mjs'));
    collect(used, library, files);
  }
  if (used.size === 0) throw new Error(`No imports of '${library}' found: refusing to shake it to nothing`);
  return [...used].sort();
}

export type { ExportsByLibrary };
export { missingSharedExports };

/** A host records what its copies provide (null: whole libraries); a remote, what it needs. */
export interface SharedExportsRecord {
  provides?: ExportsByLibrary | null;
  needs?: ExportsByLibrary;
}

/**
 * What a build records about the shaken libraries (docs/releases.md): the host the exports its
 * copies keep (null: whole libraries), a remote the exports it imports. The host refuses a remote
 * that needs one its copies lack, and `pnpm promote` refuses to put such a remote live.
 * `sourceDir` is the package's source folder.
 */
export function sharedExportsRecord(role: 'host' | 'remote', sourceDir: string): SharedExportsRecord {
  const libraries = Object.keys(SHAKEN_LIBRARIES);
  if (role === 'host') {
    if (process.env.SB_SHARED_TREE_SHAKING === '0') return { provides: null };
    return { provides: Object.fromEntries(libraries.map((lib) => [lib, usedExportsOf(lib)])) };
  }
  return { needs: Object.fromEntries(libraries.map((lib) => [lib, exportsImportedBy(lib, [sourceDir])])) };
}

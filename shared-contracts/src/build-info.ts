// What each build says about itself: tools/build-config/src/web-config.ts writes it into every
// mf-manifest.json (as metaData.secondbyte) and compiles it into the bundle; the host reads it back
// (host/src/lib/federation/host-contract.ts) to decide whether it may run a remote, and
// `pnpm promote` checks the shared exports before putting a remote live. docs/releases.md explains
// both. Plain types and one pure function: the browser bundle and the Node tools both import it.

/** Library name → export names, as tools/build-config/src/shared-used-exports.ts records them. */
export type ExportsByLibrary = Record<string, string[]>;

/**
 * The Module Federation version a build was made with; `shared`: a production browser build, whose
 * host provides its runtime to the page and whose remotes run on it.
 */
export interface FederationRuntime {
  version: string;
  shared: boolean;
}

/** The record as every build writes it. */
export interface BuildInfo {
  name: string;
  version: string;
  buildTime: string;
  label: string;
  /** The host provides this contract; a remote needs it. "MAJOR.MINOR". */
  hostContract: string;
  role: 'host' | 'remote';
  federationRuntime: FederationRuntime;
}

/**
 * Every remote uses the host's copy of a shared library (loaded first), and the federation runtime
 * does not compare a singleton's exports with a remote's imports: a remote released after it
 * started importing, say, a new Mantine component would get `undefined` and crash mid-render.
 * `provided` is the host's record (null: whole libraries), `needed` a remote's.
 * @returns "library: export" for each export the remote needs and the host's copies lack.
 */
export function missingSharedExports(
  provided: ExportsByLibrary | null | undefined,
  needed: ExportsByLibrary | null | undefined,
): string[] {
  if (!provided || !needed) return [];
  const missing: string[] = [];
  for (const [library, names] of Object.entries(needed)) {
    const available = provided[library];
    if (!available) continue; // not shaken by this host: the whole library is there
    const have = new Set(available);
    for (const name of names) if (!have.has(name)) missing.push(`${library}: ${name}`);
  }
  return missing;
}

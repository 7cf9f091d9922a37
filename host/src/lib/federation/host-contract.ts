// What each build says about itself, as the host reads it (the record is shared-contracts/build-info's,
// which tools/build-config/src/web-config.ts writes into every mf-manifest.json as metaData.secondbyte
// and compiles into the bundle), and the rule that decides whether the host may run a remote.
// docs/releases.md explains both.
import {
  missingSharedExports,
  type BuildInfo as WrittenBuildInfo,
  type ExportsByLibrary,
  type FederationRuntime,
} from 'shared-contracts/build-info';

export { missingSharedExports };

/** Library name → export names. */
export type SharedExports = ExportsByLibrary;

/**
 * A build's record as the host reads it: a build made before the runtime was recorded names none,
 * and a remote's manifest adds the shared exports it needs.
 */
export interface BuildInfo extends Omit<WrittenBuildInfo, 'federationRuntime'> {
  federationRuntime?: FederationRuntime | null;
  /**
   * A remote's named imports of each tree-shaken shared library (`sharedExports.needs` in its
   * manifest); null when its manifest lists none.
   */
  neededExports?: SharedExports | null;
}

function parseSharedExports(raw: unknown): SharedExports | null {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return null;
  const out: SharedExports = {};
  for (const [library, names] of Object.entries(raw)) {
    if (!Array.isArray(names) || !names.every((n) => typeof n === 'string')) return null;
    out[library] = names as string[];
  }
  return out;
}

function parseFederationRuntime(raw: unknown): BuildInfo['federationRuntime'] {
  if (typeof raw !== 'object' || raw === null) return null;
  const { version, shared } = raw as { version?: unknown; shared?: unknown };
  return typeof version === 'string' ? { version, shared: shared === true } : null;
}

function parseBuildInfo(raw: unknown): BuildInfo | null {
  if (typeof raw !== 'object' || raw === null) return null;
  const info = raw as Partial<BuildInfo> & { sharedExports?: { needs?: unknown } };
  if (typeof info.version !== 'string' || typeof info.hostContract !== 'string') return null;
  return {
    name: String(info.name ?? ''),
    version: info.version,
    buildTime: String(info.buildTime ?? ''),
    label: String(info.label ?? ''),
    hostContract: info.hostContract,
    role: info.role === 'host' ? 'host' : 'remote',
    federationRuntime: parseFederationRuntime(info.federationRuntime),
    neededExports: parseSharedExports(info.sharedExports?.needs),
  };
}

/** The host's own record, compiled in by DefinePlugin (absent when tests run the source). */
export const hostBuildInfo: BuildInfo = parseBuildInfo(JSON.parse(process.env.SB_BUILD_INFO ?? 'null')) ?? {
  name: 'host',
  version: 'source',
  buildTime: '',
  label: '',
  hostContract: '2.2',
  role: 'host',
};

/**
 * The exports this host's copies of the tree-shaken shared libraries keep, compiled in at build
 * time; null (whole libraries) when tests run the source or tree shaking is off.
 */
export const hostProvidedExports: SharedExports | null = parseSharedExports(
  JSON.parse(process.env.SB_PROVIDED_SHARED_EXPORTS ?? 'null'),
);

/** Reads a remote's record from its mf-manifest.json; null when it has none. */
export function buildInfoFromManifest(manifest: unknown): BuildInfo | null {
  const metaData = (manifest as { metaData?: { secondbyte?: unknown } } | null)?.metaData;
  return parseBuildInfo(metaData?.secondbyte);
}

const parseContract = (value: string) => {
  const match = /^(\d+)(?:\.(\d+))?$/.exec(value.trim());
  return match ? { major: Number(match[1]), minor: Number(match[2] ?? 0) } : null;
};

/**
 * A minor version adds to the contract (a new intent, a new store field) and a major one breaks it:
 * the host runs a remote that needs the same major and no newer minor than the host provides.
 */
export function isContractCompatible(provided: string, required: string): boolean {
  const host = parseContract(provided);
  const remote = parseContract(required);
  if (!host || !remote) return false;
  return host.major === remote.major && remote.minor <= host.minor;
}

/**
 * A remote's browser entry carries no federation runtime of its own: it runs on the one the host
 * provides (docs/decisions/0015-federation-runtime-size.md). It runs on a host whose runtime has
 * the same major version and at least its minor; a host that provides none (a dev build) runs none.
 * @returns why not, or null.
 */
export function federationRuntimeRefusal(
  provided: BuildInfo['federationRuntime'],
  needed: BuildInfo['federationRuntime'],
): string | null {
  if (!needed?.shared) return null;
  if (!provided?.shared)
    return `needs the host's federation runtime ${needed.version}; this host provides none`;
  const host = parseContract(provided.version.split('.').slice(0, 2).join('.'));
  const remote = parseContract(needed.version.split('.').slice(0, 2).join('.'));
  if (host && remote && host.major === remote.major && remote.minor <= host.minor) return null;
  return `needs federation runtime ${needed.version}; this host provides ${provided.version}`;
}

export class IncompatibleRemoteError extends Error {
  constructor(
    readonly remote: string,
    reason: string,
    /** "library: export" entries the host lacks; empty when the contract is the reason. */
    readonly missingExports: string[] = [],
  ) {
    super(reason);
    this.name = 'IncompatibleRemoteError';
  }
}

/**
 * Why this host must not run a remote whose manifest says `build`, or null when it may: the host
 * contract must match and every shared export it imports must be in the host's copies.
 */
export function refusalOf(
  remote: string,
  build: BuildInfo | null,
  provided: SharedExports | null = hostProvidedExports,
): IncompatibleRemoteError | null {
  const hostContract = hostBuildInfo.hostContract;
  if (!build) {
    return new IncompatibleRemoteError(
      remote,
      `The ${remote} remote declares no host contract; this host provides ${hostContract}`,
    );
  }
  if (!isContractCompatible(hostContract, build.hostContract)) {
    return new IncompatibleRemoteError(
      remote,
      `The ${remote} remote needs host contract ${build.hostContract}; this host provides ${hostContract}`,
    );
  }
  // Only the browser entry borrows the runtime: the server loads remoteEntry.server.js, whole.
  const runtimeProblem =
    typeof window === 'undefined'
      ? null
      : federationRuntimeRefusal(hostBuildInfo.federationRuntime, build.federationRuntime);
  if (runtimeProblem) {
    return new IncompatibleRemoteError(
      remote,
      `The ${remote} remote ${runtimeProblem}; release the host first`,
    );
  }
  const missing = missingSharedExports(provided, build.neededExports);
  if (missing.length > 0) {
    return new IncompatibleRemoteError(
      remote,
      `The ${remote} remote uses shared exports this host was built without (${missing.join(', ')}); release the host first`,
      missing,
    );
  }
  return null;
}

// What each build says about itself (scripts/web-config.mjs writes it into every mf-manifest.json
// as metaData.secondbyte and compiles it into the bundle), and the rule that decides whether the
// host may run a remote. docs/releases.md explains both.

export interface BuildInfo {
  name: string;
  version: string;
  buildTime: string;
  label: string;
  /** The host provides this contract; a remote needs it. "MAJOR.MINOR". */
  hostContract: string;
  role: 'host' | 'remote';
}

function parseBuildInfo(raw: unknown): BuildInfo | null {
  if (typeof raw !== 'object' || raw === null) return null;
  const info = raw as Partial<BuildInfo>;
  if (typeof info.version !== 'string' || typeof info.hostContract !== 'string') return null;
  return {
    name: String(info.name ?? ''),
    version: info.version,
    buildTime: String(info.buildTime ?? ''),
    label: String(info.label ?? ''),
    hostContract: info.hostContract,
    role: info.role === 'host' ? 'host' : 'remote',
  };
}

/** The host's own record, compiled in by DefinePlugin (absent when tests run the source). */
export const hostBuildInfo: BuildInfo = parseBuildInfo(JSON.parse(process.env.SB_BUILD_INFO ?? 'null')) ?? {
  name: 'host',
  version: 'source',
  buildTime: '',
  label: '',
  hostContract: '1.0',
  role: 'host',
};

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

export class IncompatibleRemoteError extends Error {
  constructor(
    readonly remote: string,
    readonly required: string | null,
  ) {
    super(
      required
        ? `The ${remote} remote needs host contract ${required}; this host provides ${hostBuildInfo.hostContract}`
        : `The ${remote} remote declares no host contract; this host provides ${hostBuildInfo.hostContract}`,
    );
    this.name = 'IncompatibleRemoteError';
  }
}

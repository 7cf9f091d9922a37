import { describe, expect, it } from 'vitest';
import {
  federationRuntimeRefusal,
  buildInfoFromManifest,
  hostBuildInfo,
  IncompatibleRemoteError,
  isContractCompatible,
  missingSharedExports,
  refusalOf,
} from './host-contract';

describe('isContractCompatible', () => {
  it('runs a remote that needs the same contract', () => {
    expect(isContractCompatible('1.0', '1.0')).toBe(true);
    expect(isContractCompatible('2', '2.0')).toBe(true);
  });

  it('runs a remote built for an older minor of the same major', () => {
    expect(isContractCompatible('1.3', '1.1')).toBe(true);
  });

  it('refuses a remote that needs a newer minor or another major', () => {
    expect(isContractCompatible('1.0', '1.1')).toBe(false);
    expect(isContractCompatible('1.0', '2.0')).toBe(false);
    expect(isContractCompatible('2.0', '1.0')).toBe(false);
  });

  it('refuses a contract it cannot read', () => {
    expect(isContractCompatible('1.0', 'latest')).toBe(false);
    expect(isContractCompatible('1.0', '')).toBe(false);
  });
});

describe('buildInfoFromManifest', () => {
  it('reads the record web-config writes into metaData.secondbyte', () => {
    const manifest = {
      metaData: {
        secondbyte: {
          name: 'dashboard',
          version: '20261121-054617-bd4c22a',
          buildTime: '2026-11-21T05:46:17.957Z',
          label: 'First build',
          hostContract: '1.0',
          role: 'remote',
          federationRuntime: { version: '2.9.2', shared: true },
        },
      },
    };
    expect(buildInfoFromManifest(manifest)).toEqual({ ...manifest.metaData.secondbyte, neededExports: null });
    // A record from before the runtime was shared says nothing about it.
    const older = {
      metaData: { secondbyte: { ...manifest.metaData.secondbyte, federationRuntime: undefined } },
    };
    expect(buildInfoFromManifest(older)?.federationRuntime).toBeNull();
  });

  it('returns null for a manifest without a record, so the host refuses that remote', () => {
    expect(buildInfoFromManifest({ metaData: { buildInfo: { buildVersion: '0.1.0' } } })).toBeNull();
    expect(buildInfoFromManifest(null)).toBeNull();
  });
});

it('the host built from source provides contract 2.2', () => {
  expect(hostBuildInfo.hostContract).toBe('2.2');
});

describe('refusalOf', () => {
  const dashboard = (overrides: Record<string, unknown> = {}) =>
    buildInfoFromManifest({
      metaData: {
        secondbyte: {
          name: 'dashboard',
          version: 'v2',
          hostContract: '2.0',
          role: 'remote',
          sharedExports: { needs: { '@mantine/core': ['Button', 'Stepper'], 'react-router': ['Link'] } },
          ...overrides,
        },
      },
    });
  const host = { '@mantine/core': ['Button', 'Table'], 'react-router': ['Link', 'Outlet'] };

  it('runs a remote whose shared imports are all in the host’s copies', () => {
    expect(
      refusalOf('dashboard', dashboard(), { ...host, '@mantine/core': ['Button', 'Stepper'] }),
    ).toBeNull();
  });

  it('refuses a remote that imports an export the host was built without, and names it', () => {
    const refusal = refusalOf('dashboard', dashboard(), host);
    expect(refusal).toBeInstanceOf(IncompatibleRemoteError);
    expect(refusal?.missingExports).toEqual(['@mantine/core: Stepper']);
    expect(refusal?.message).toContain('@mantine/core: Stepper');
  });

  it('checks the contract first, and refuses a manifest without a record', () => {
    expect(refusalOf('dashboard', dashboard({ hostContract: '3.0' }), host)?.message).toBe(
      'The dashboard remote needs host contract 3.0; this host provides 2.2',
    );
    expect(refusalOf('dashboard', null, host)?.message).toContain('declares no host contract');
  });

  it('has nothing to compare when the host keeps whole libraries or the remote lists no imports', () => {
    expect(refusalOf('dashboard', dashboard(), null)).toBeNull();
    expect(refusalOf('dashboard', dashboard({ sharedExports: undefined }), host)).toBeNull();
    expect(missingSharedExports(host, { '@mantine/dates': ['DatePicker'] })).toEqual([]);
  });

  it('ignores a malformed list rather than trusting part of it', () => {
    expect(dashboard({ sharedExports: { needs: { '@mantine/core': 'Stepper' } } })?.neededExports).toBeNull();
  });
});

describe('federationRuntimeRefusal', () => {
  const runtime = (version: string, shared = true) => ({ version, shared });

  it('runs a remote that carries its own runtime (a dev or server build) on any host', () => {
    expect(federationRuntimeRefusal(null, runtime('2.9.2', false))).toBeNull();
    expect(federationRuntimeRefusal(null, null)).toBeNull();
  });

  it("runs a remote on the host's runtime of the same major and at least its minor", () => {
    expect(federationRuntimeRefusal(runtime('2.9.2'), runtime('2.9.0'))).toBeNull();
    expect(federationRuntimeRefusal(runtime('2.10.0'), runtime('2.9.2'))).toBeNull();
  });

  it('refuses a remote built for a newer minor or another major, or a host that provides none', () => {
    expect(federationRuntimeRefusal(runtime('2.9.2'), runtime('2.10.0'))).toBe(
      'needs federation runtime 2.10.0; this host provides 2.9.2',
    );
    expect(federationRuntimeRefusal(runtime('3.0.0'), runtime('2.9.2'))).toMatch(
      /needs federation runtime 2\.9\.2/,
    );
    expect(federationRuntimeRefusal(runtime('2.9.2', false), runtime('2.9.2'))).toBe(
      "needs the host's federation runtime 2.9.2; this host provides none",
    );
  });
});

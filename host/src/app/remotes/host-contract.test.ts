import { describe, expect, it } from 'vitest';
import { buildInfoFromManifest, hostBuildInfo, isContractCompatible } from './host-contract';

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
        },
      },
    };
    expect(buildInfoFromManifest(manifest)).toEqual(manifest.metaData.secondbyte);
  });

  it('returns null for a manifest without a record, so the host refuses that remote', () => {
    expect(buildInfoFromManifest({ metaData: { buildInfo: { buildVersion: '0.1.0' } } })).toBeNull();
    expect(buildInfoFromManifest(null)).toBeNull();
  });
});

it('the host built from source provides contract 1.0', () => {
  expect(hostBuildInfo.hostContract).toBe('1.0');
});

import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { emulatorHost } from './test/env';
import { startApiProcess, stopApiProcess } from './test/api-process';

// The API process outside production with nothing set (docs/decisions/0028-secure-by-default.md):
// it trusts the Auth Emulator's unsigned tokens and says so first, and so it listens on loopback
// only, where nothing but this machine reaches it.

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'sb-api-defaults-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** Whether a TCP connection to address:port opens within two seconds. */
function connects(address: string, port: number) {
  return new Promise<boolean>((resolve) => {
    const socket = net.connect({ host: address, port, timeout: 2_000 });
    const done = (opened: boolean) => {
      socket.destroy();
      resolve(opened);
    };
    socket.once('connect', () => done(true));
    socket.once('timeout', () => done(false));
    socket.once('error', () => done(false));
  });
}

/**
 * Addresses of this machine other than 127.0.0.1 that a server on every interface answers on:
 * its network interfaces' IPv4 addresses and, on Linux, 127.0.0.2 (all of 127/8 is local there).
 */
async function otherAddresses() {
  const candidates = Object.values(os.networkInterfaces())
    .flat()
    .filter((a) => a && a.family === 'IPv4' && !a.internal)
    .map((a) => a!.address);
  if (process.platform === 'linux') candidates.push('127.0.0.2');
  // Only those a server on 0.0.0.0 is really reached at here, so a refusal below means something.
  const probe = net.createServer((socket) => socket.destroy());
  await new Promise<void>((resolve) => probe.listen(0, '0.0.0.0', resolve));
  const { port } = probe.address() as net.AddressInfo;
  const reachable = [];
  for (const address of candidates) if (await connects(address, port)) reachable.push(address);
  await new Promise((resolve) => probe.close(resolve));
  return reachable;
}

describe('the API process outside production, with API_HOST unset', () => {
  it('first logs that it trusts the Auth Emulator, and listens on 127.0.0.1 only', async () => {
    const api = await startApiProcess({ dataDir, env: { API_HOST: '', NODE_ENV: 'development' } });
    try {
      expect(api.output().split('\n')[0]).toBe(
        `Trusting the Firebase Auth Emulator at ${emulatorHost()}: ID tokens are not verified (development only)`,
      );
      expect(api.output()).toContain(
        'Payments go through the sandbox gateway: test payments, no real money moves',
      );
      expect(await connects('127.0.0.1', api.port)).toBe(true);
      const others = await otherAddresses();
      for (const address of others) expect(await connects(address, api.port), address).toBe(false);
    } finally {
      await stopApiProcess(api);
    }
  }, 120_000);
});

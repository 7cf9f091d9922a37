import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { asc, inArray } from 'drizzle-orm';
import { lockPathOf } from '../db/folder-lock';
import { createDatabase } from '../db/index';
import { auditLog, users } from '../db/schema/index';
import { emulatorHost } from '../test/env';
import { signIn, signUp, startTestApp } from '../test/harness';
import { channelPathOf } from './channel';
import { freePort } from '../test/api-process';

// The operator commands against the real API run as a child process on an on-disk PGlite folder,
// checked through HTTP: they reach the running API's database and take effect at once.

const apiDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const tsx = path.join(apiDir, 'node_modules', '.bin', 'tsx');
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'sb-operator-'));
const folder = path.join(dataDir, 'pglite');
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const env = (port: number) => ({
  ...process.env,
  API_PORT: String(port),
  DATA_DIR: dataDir,
  DATABASE_URL: '',
  FIREBASE_AUTH_EMULATOR_HOST: emulatorHost(),
  PUBLIC_API_URL: `http://localhost:${port}/api/v1`,
  LOG_LEVEL: 'warn',
});

interface Server {
  child: ChildProcess;
  api: string;
  output: () => string;
  exited: Promise<number | null>;
}

function startServer(port: number): Server {
  // node with tsx's loader, not the tsx wrapper: the child's pid is the API's own (kill -9 hits it).
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: apiDir,
    env: env(port),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, api: `http://localhost:${port}/api/v1`, output: () => output, exited };
}

async function listening(server: Server) {
  await new Promise<void>((resolve, reject) => {
    const timer = setInterval(() => {
      if (server.output().includes('API listening on')) {
        clearInterval(timer);
        resolve();
      } else if (server.child.exitCode !== null) {
        clearInterval(timer);
        reject(new Error(`server exited:\n${server.output()}`));
      }
    }, 200);
  });
}

const cli = (script: string, args: string[], port: number, extraEnv: Record<string, string> = {}) =>
  new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
    const options = { cwd: apiDir, env: { ...env(port), ...extraEnv } };
    execFile(tsx, [`src/cli/${script}.ts`, ...args], options, (err, stdout, stderr) =>
      resolve({ code: err ? ((err as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    );
  });

const get = (api: string, url: string, token: string) =>
  fetch(`${api}${url}`, { headers: { authorization: `Bearer ${token}` } });

describe('operator commands while the API owns the PGlite folder', () => {
  it('grant, revoke and seed run inside the running API; a second API refuses; a kill -9 lock is taken over', async () => {
    const port = await freePort();
    const server = startServer(port);
    try {
      await listening(server);
      const { api } = server;
      expect(existsSync(lockPathOf(folder))).toBe(true);
      // The channel's secret is readable by its owner only.
      expect(statSync(channelPathOf(folder)).mode & 0o777).toBe(0o600);

      // A user who signed up a moment ago, through the running API.
      const buyer = await signUp('operator-buyer');
      const created = await fetch(`${api}/users`, {
        method: 'POST',
        headers: { authorization: `Bearer ${buyer.token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'Operator Buyer', email: buyer.email, role: 'buyer' }),
      });
      expect(created.status).toBe(201);
      expect((await get(api, '/seller', buyer.token)).status).toBe(403);

      const grant = await cli('admin-grant', [buyer.email.toUpperCase()], port);
      expect(grant).toMatchObject({ code: 0, stdout: `${buyer.email} is now an admin (was buyer).\n` });
      expect(grant.stderr).toContain('running admin:grant there');
      // At once, without a restart.
      expect((await get(api, '/seller', buyer.token)).status).toBe(200);

      expect(await cli('admin-grant', [buyer.email], port)).toMatchObject({
        code: 0,
        stdout: `No change: ${buyer.email} is already an admin.\n`,
      });
      const nobody = await cli('admin-grant', ['nobody@example.test'], port);
      expect(nobody.code).toBe(1);
      expect(nobody.stderr).toContain('No user with e-mail nobody@example.test.');
      const usage = await cli('admin-grant', ['not-an-email'], port);
      expect(usage.code).toBe(2);
      expect(usage.stderr).toContain('Usage: pnpm --filter api admin:grant <email>');

      const revoke = await cli('admin-revoke', [buyer.email], port);
      expect(revoke).toMatchObject({
        code: 0,
        stdout: `${buyer.email} is no longer an admin (now buyer).\n`,
      });
      expect((await get(api, '/seller', buyer.token)).status).toBe(403);
      expect(await cli('admin-revoke', [buyer.email], port)).toMatchObject({
        code: 0,
        stdout: `No change: ${buyer.email} is not an admin (buyer).\n`,
      });

      // The seeded admin is now the only one: the guard refuses.
      const last = await cli('admin-revoke', ['admin@secondbyte.test'], port);
      expect(last.code).toBe(1);
      expect(last.stderr).toContain(
        'Refused: admin@secondbyte.test is the last admin: make another admin first, so the site always keeps one.',
      );

      expect(await cli('seed', [], port)).toMatchObject({
        code: 0,
        stdout: 'No change: the database already has data; nothing seeded.\n',
      });

      // Every role change is in the audit log, made by the operator.
      const admin = await signIn('admin@secondbyte.test', 'admin-pass-2026');
      const audit = (await (await get(api, '/audit-log?limit=10', admin.idToken)).json()) as {
        actor: string;
        action: string;
        targetLabel: string;
        before: unknown;
        after: unknown;
      }[];
      expect(audit.slice(0, 2)).toMatchObject([
        {
          actor: 'operator (admin:revoke)',
          action: 'role.revoke-admin',
          targetLabel: buyer.email,
          after: { role: 'buyer' },
        },
        {
          actor: 'operator (admin:grant)',
          action: 'role.grant-admin',
          targetLabel: buyer.email,
          before: { role: 'buyer' },
        },
      ]);

      // A second API on the same folder refuses, naming the owner and what to do instead.
      const second = startServer(await freePort());
      expect(await second.exited).toBe(1);
      expect(second.output()).toContain(`is in use by process ${server.child.pid} (`);
      expect(second.output()).toContain('src/server.ts');
      expect(second.output()).toContain('use the operator commands (pnpm --filter api admin:grant');
      // ...and the owner kept its lock and goes on answering.
      expect(JSON.parse(readFileSync(lockPathOf(folder), 'utf8'))).toMatchObject({ pid: server.child.pid });
      expect((await fetch(`${api}/health`)).status).toBe(200);

      // kill -9: the lock stays behind; the next command takes it over and works on the folder directly.
      server.child.kill('SIGKILL');
      await server.exited;
      const direct = await cli('admin-grant', [buyer.email], port);
      expect(direct).toMatchObject({ code: 0, stdout: `${buyer.email} is now an admin (was buyer).\n` });
      expect(direct.stderr).not.toContain('running admin:grant there');
      expect(existsSync(lockPathOf(folder))).toBe(false);

      // And an API restarted on the folder takes it too and sees the change.
      const restarted = startServer(port);
      try {
        await listening(restarted);
        expect((await get(restarted.api, '/seller', buyer.token)).status).toBe(200);
      } finally {
        restarted.child.kill('SIGTERM');
        expect(await restarted.exited).toBe(0);
      }
      expect(existsSync(lockPathOf(folder))).toBe(false);
      expect(existsSync(channelPathOf(folder))).toBe(false);
    } finally {
      if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill('SIGKILL');
    }
  }, 600_000);
});

describe('operator commands with no API running', () => {
  it('work on the database directly: PostgreSQL (TEST_DATABASE_URL) or a PGlite folder nobody owns', async () => {
    const pgUrl = process.env.TEST_DATABASE_URL;
    if (pgUrl) await (await startTestApp()).close(); // an empty, migrated and seeded database
    const databaseUrl = pgUrl ?? path.join(dataDir, 'direct-pglite');
    const seller = `direct-seller-${randomUUID().slice(0, 8)}@example.test`;
    const buyer = `direct-buyer-${randomUUID().slice(0, 8)}@example.test`;
    const setup = await createDatabase({ databaseUrl });
    try {
      await setup.migrate();
      await setup.db.insert(users).values([
        { id: randomUUID(), email: seller, name: 'Direct Seller', role: 'seller' },
        { id: randomUUID(), email: buyer, name: 'Direct Buyer', role: 'buyer' },
      ]);
    } finally {
      await setup.close();
    }
    const port = await freePort();
    const run = (script: string, email: string) => cli(script, [email], port, { DATABASE_URL: databaseUrl });
    expect(await run('admin-grant', seller)).toMatchObject({
      code: 0,
      stdout: `${seller} is now an admin (was seller).\n`,
    });
    expect(await run('admin-grant', buyer)).toMatchObject({
      code: 0,
      stdout: `${buyer} is now an admin (was buyer).\n`,
    });
    // Revoking gives back the role the user had before.
    expect(await run('admin-revoke', seller)).toMatchObject({
      code: 0,
      stdout: `${seller} is no longer an admin (now seller).\n`,
    });

    const check = await createDatabase({ databaseUrl });
    try {
      const rows = await check.db
        .select()
        .from(users)
        .where(inArray(users.email, [seller, buyer]));
      expect(Object.fromEntries(rows.map((r) => [r.email, r.role]))).toEqual({
        [seller]: 'seller',
        [buyer]: 'admin',
      });
      const entries = await check.db
        .select()
        .from(auditLog)
        .where(inArray(auditLog.targetLabel, [seller, buyer]))
        .orderBy(asc(auditLog.createdAt), asc(auditLog.id));
      expect(entries.map((e) => [e.actor, e.action, e.targetLabel, e.before, e.after])).toEqual([
        ['operator (admin:grant)', 'role.grant-admin', seller, { role: 'seller' }, { role: 'admin' }],
        ['operator (admin:grant)', 'role.grant-admin', buyer, { role: 'buyer' }, { role: 'admin' }],
        ['operator (admin:revoke)', 'role.revoke-admin', seller, { role: 'admin' }, { role: 'seller' }],
      ]);
    } finally {
      await check.close();
    }
  }, 300_000);
});

import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { createDatabase } from '../db/index';
import { users } from '../db/schema/index';

const run = promisify(execFile);
const apiDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'sb-admin-grant-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

async function withDb<T>(fn: (db: Awaited<ReturnType<typeof createDatabase>>['db']) => Promise<T>) {
  const handle = await createDatabase({ databaseUrl: path.join(dataDir, 'pglite') });
  try {
    await handle.migrate();
    return await fn(handle.db);
  } finally {
    await handle.close();
  }
}

const grant = (email: string) =>
  run(path.join(apiDir, 'node_modules', '.bin', 'tsx'), ['src/cli/admin-grant.ts', email], {
    cwd: apiDir,
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
  }).then(
    (r) => ({ code: 0, out: r.stdout + r.stderr }),
    (e: { code: number; stdout: string; stderr: string }) => ({ code: e.code, out: e.stdout + e.stderr }),
  );

describe('pnpm --filter api admin:grant <email>', () => {
  it('makes an existing user admin, and fails for unknown users or bad input', async () => {
    await withDb((db) =>
      db.insert(users).values({ id: 'u1', email: 'promote@example.test', name: 'P', role: 'seller' }),
    );
    const ok = await grant('Promote@Example.test');
    expect(ok).toMatchObject({ code: 0 });
    expect(ok.out).toContain('is now an admin');
    const role = await withDb(
      async (db) => (await db.select().from(users).where(eq(users.id, 'u1')))[0]?.role,
    );
    expect(role).toBe('admin');
    expect((await grant('nobody@example.test')).code).toBe(1);
    expect((await grant('not-an-email')).code).toBe(2);
  }, 300_000);
});

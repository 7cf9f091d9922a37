// Debian's PostgreSQL for the tests and the bench: one cluster, a throwaway database per use.
import { spawnSync } from 'node:child_process';

/**
 * Starts Debian's PostgreSQL cluster and makes `database` afresh, empty (the tests, the API bench);
 * null when no cluster is installed.
 */
export function preparePostgres(database: string): string | null {
  const list = spawnSync('pg_lsclusters', ['-h'], { encoding: 'utf8' });
  if (list.status !== 0 || !list.stdout.trim()) return null;
  const [version = '', cluster = '', port = ''] = (list.stdout.trim().split('\n')[0] ?? '').split(/\s+/);
  spawnSync('pg_ctlcluster', [version, cluster, 'start'], { stdio: 'inherit' });
  const psql = (sql: string) =>
    spawnSync('su', ['postgres', '-c', `psql -p ${port} -v ON_ERROR_STOP=1 -c "${sql}"`], {
      encoding: 'utf8',
    });
  psql(
    "DO \\$\\$BEGIN CREATE ROLE secondbyte LOGIN PASSWORD 'secondbyte'; EXCEPTION WHEN duplicate_object THEN NULL; END\\$\\$;",
  );
  psql(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
  const created = psql(`CREATE DATABASE ${database} OWNER secondbyte`);
  if (created.status !== 0) {
    console.error(created.stderr);
    return null;
  }
  return `postgres://secondbyte:secondbyte@127.0.0.1:${port}/${database}`;
}

import { eq, sql } from 'drizzle-orm';
import { pgTable, text } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { requestScopedDatabase, runInRequestTransaction } from '../lib/request-transaction';
import { createDatabase, preparedRead, type DatabaseHandle } from './index';

// preparedRead builds a read once and then runs it with each request's values: on the database
// itself (PGlite, or PostgreSQL's kept-plan pool) outside a transaction, and on the transaction
// inside one, whose own writes the read must see. Runs on PostgreSQL when TEST_DATABASE_URL is set.

const table = `prepared_read_${process.pid}`;
const notes = pgTable(table, { id: text('id').primaryKey(), brand: text('brand').notNull() });

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await createDatabase({ databaseUrl: process.env.TEST_DATABASE_URL ?? 'memory://' });
  await handle.db.execute(sql.raw(`create table ${table} (id text primary key, brand text not null)`));
  await handle.db.insert(notes).values([
    { id: 'a', brand: '01' },
    { id: 'b', brand: '01' },
    { id: 'c', brand: '02' },
  ]);
});
afterAll(async () => {
  await handle?.db.execute(sql.raw(`drop table if exists ${table}`));
  await handle?.close();
});

const builds: string[] = [];
const idsOfBrand = preparedRead('kept', (on, shape: 'by-id' | 'by-brand') => {
  builds.push(shape);
  const column = shape === 'by-id' ? notes.id : notes.brand;
  return on
    .select({ id: notes.id })
    .from(notes)
    .where(eq(column, sql.placeholder('value')))
    .orderBy(notes.id);
});

it('builds each shape once and runs it with each call’s values', async () => {
  const db = requestScopedDatabase(handle.db);
  expect(await idsOfBrand(db, 'by-brand', { value: '01' })).toEqual([{ id: 'a' }, { id: 'b' }]);
  expect(await idsOfBrand(db, 'by-brand', { value: '02' })).toEqual([{ id: 'c' }]);
  expect(await idsOfBrand(handle.db, 'by-id', { value: 'b' })).toEqual([{ id: 'b' }]);
  expect(await idsOfBrand(db, 'by-id', { value: 'zz' })).toEqual([]);
  expect(builds).toEqual(['by-brand', 'by-id']);
});

it('runs inside a request’s transaction on that transaction, seeing its writes', async () => {
  const db = requestScopedDatabase(handle.db);
  const seen = await handle.db.transaction(async (tx) =>
    runInRequestTransaction(tx, async () => {
      await db.insert(notes).values({ id: 'd', brand: '02' });
      return idsOfBrand(db, 'by-brand', { value: '02' });
    }),
  );
  expect(seen).toEqual([{ id: 'c' }, { id: 'd' }]);
  // Built on the transaction, not kept: a later read outside builds nothing new and sees the commit.
  expect(await idsOfBrand(db, 'by-brand', { value: '02' })).toEqual([{ id: 'c' }, { id: 'd' }]);
  expect(builds.filter((shape) => shape === 'by-brand')).toHaveLength(2);
});

import { describe, expect, it } from 'vitest';
import { failedReads, type Row } from './api.ts';

const figures = { rps: 1000, p50: 1, p99: 3, bad: 0 };
const row = (over: Partial<Row> = {}): Row => ({
  db: 'pglite',
  size: 1000,
  cache: 'on',
  name: 'details',
  path: '/details/x',
  bytes: 2000,
  ...figures,
  bare: { ...figures },
  ratio: 1,
  ...over,
});

// `pnpm bench` exits non-zero when a section throws; the API section throws on these.
describe('the API bench fails on failed requests', () => {
  it('passes when every request of every read answered', () => {
    expect(failedReads([row(), row({ name: 'recent' })])).toEqual([]);
  });

  it('names each read, and each bare twin, where requests failed', () => {
    expect(
      failedReads([row({ bad: 3 }), row({ name: 'recent', cache: 'off', bare: { ...figures, bad: 1 } })]),
    ).toEqual(['pglite 1000 cache on details (3)', 'pglite 1000 cache off bare twin of recent (1)']);
  });
});

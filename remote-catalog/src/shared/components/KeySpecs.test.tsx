import { describe, expect, it } from 'vitest';
import { makeSpecs } from '@/test/render';
import { keySpecsLine } from './KeySpecs';

describe('keySpecsLine', () => {
  it('names the CPU family, the memory and the storage', () => {
    expect(
      keySpecsLine(makeSpecs({ cpuFamily: 'Apple M2', ramGb: 8, storageGb: 2048, storageType: 'SSD' })),
    ).toBe('Apple M2 · 8 GB · 2 TB SSD');
  });
});

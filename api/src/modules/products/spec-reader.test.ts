import { describe, expect, it } from 'vitest';
import { readSpecsFromText } from './spec-reader';

const unknown = {
  processor: null,
  cpuFamily: null,
  cpuLine: null,
  ramGb: null,
  storageGb: null,
  storageType: null,
  screenInches: null,
};

describe('readSpecsFromText', () => {
  it('reads processor, memory, storage and screen from a typical title', () => {
    expect(readSpecsFromText('Dell XPS 13 i7 16GB 512GB SSD 13.3"', '')).toEqual({
      processor: 'Intel Core i7',
      cpuFamily: 'Intel Core i7',
      cpuLine: 'intel-core-i7',
      ramGb: 16,
      storageGb: 512,
      storageType: 'SSD',
      screenInches: 13.3,
    });
  });

  it('takes a model number as the generation and sizes with spaces and words', () => {
    expect(
      readSpecsFromText('Lenovo ThinkPad T480', 'Intel Core i5-8350U, 8 GB RAM, 1 TB HDD, 14 inch screen'),
    ).toEqual({
      processor: 'Intel Core i5 8th gen',
      cpuFamily: 'Intel Core i5 8th gen',
      cpuLine: 'intel-core-i5',
      ramGb: 8,
      storageGb: 1024,
      storageType: 'HDD',
      screenInches: 14,
    });
  });

  it('reads Ryzen and Apple chips', () => {
    expect(readSpecsFromText('Asus TUF Ryzen 7 5800H 16gb ram 512gb nvme 15.6”', '')).toMatchObject({
      cpuLine: 'amd-ryzen-7',
      processor: 'AMD Ryzen 7 5800H',
      ramGb: 16,
      storageGb: 512,
      storageType: 'SSD',
      screenInches: 15.6,
    });
    expect(readSpecsFromText('MacBook Air M1 8GB 256GB', '')).toMatchObject({
      cpuLine: 'apple-m1',
      ramGb: 8,
      storageGb: 256,
      storageType: null,
    });
  });

  it('reads Bangla digits and unit words', () => {
    expect(readSpecsFromText('এইচপি প্রোবুক core i5 ৮ জিবি র‍্যাম ২৫৬ জিবি SSD ১৪ ইঞ্চি', '')).toMatchObject({
      cpuLine: 'intel-core-i5',
      ramGb: 8,
      storageGb: 256,
      storageType: 'SSD',
      screenInches: 14,
    });
  });

  it('fills from the description what the name does not say', () => {
    expect(readSpecsFromText('HP EliteBook 840', 'Core i5, 8GB RAM, 256GB SSD. Battery fine.')).toMatchObject(
      {
        cpuLine: 'intel-core-i5',
        ramGb: 8,
        storageGb: 256,
        storageType: 'SSD',
        screenInches: null,
      },
    );
  });

  it('leaves unknown what it cannot read with confidence', () => {
    expect(readSpecsFromText('Dell Inspiron', 'Good condition, barely used')).toEqual(unknown);
    // A model number is not a screen size; an M.2 slot is not an Apple chip.
    expect(readSpecsFromText('Dell XPS 13', 'spare m2 slot')).toEqual(unknown);
    // Two sizes close together cannot say which is the memory.
    expect(readSpecsFromText('Laptop 128GB 256GB', '')).toEqual(unknown);
    // Out of any laptop's range: neither memory nor a screen.
    expect(readSpecsFromText('Lot of 512GB RAM 55"', '')).toEqual(unknown);
  });
});

import { describe, expect, it } from 'vitest';
import { uncleanTextMessage } from 'shared-contracts/clean-text';
import { translate } from '@/shared/i18n';
import {
  emptyProductForm,
  toCreateProduct,
  uncleanTextError,
  validateProductForm,
  type ProductFormValues,
} from './product-form';
import { addPhoto, movePhoto, photoCount, removePhoto } from './photo-list';
import { processorPreview } from './SpecsFields';

const en = translate('en');
const bn = translate('bn');
const validate = (values: ProductFormValues, at: Date) => validateProductForm(values, en, at);

const now = new Date('2026-06-01T00:00:00Z');
const photo = (name: string) => `http://localhost:4000/api/v1/images/${name}.webp`;
const valid: ProductFormValues = {
  ...emptyProductForm('04'),
  productName: 'ThinkPad X1',
  photos: [photo('abc')],
  price: 499.5,
  originalPrice: 1299,
  quality: 'Good',
  phone: '+880 1712-345678',
  location: 'Dhaka',
  description: 'Lightly used',
  year: 2022,
  processor: 'Intel Core i7-1165G7',
  ramGb: '16',
  storageGb: '512',
  storageType: 'SSD',
  screenInches: 14,
  resolution: '1920x1200',
  graphics: 'Intel Iris Xe',
  batteryHealthPercent: '',
  batteryHealthSource: '',
  os: 'Windows 11',
  warrantyMonths: '',
};

describe('validateProductForm', () => {
  it('accepts a complete product', () => {
    expect(validate(valid, now)).toEqual({});
  });

  it('requires every text field, the photo and the specs', () => {
    const errors = validate(emptyProductForm(''), now);
    expect(Object.keys(errors).sort()).toEqual(
      [
        'category',
        'description',
        'photos',
        'location',
        'phone',
        'price',
        'productName',
        'year',
        'processor',
        'ramGb',
        'storageGb',
        'storageType',
        'screenInches',
        'resolution',
        'graphics',
        'os',
      ].sort(),
    );
    expect(errors.photos).toBe('Upload a photo of the product');
    expect(errors.originalPrice).toBeUndefined();
    expect(errors.batteryHealthPercent).toBeUndefined();
    expect(errors.warrantyMonths).toBeUndefined();
  });

  it('wants positive prices with at most two decimals', () => {
    expect(validate({ ...valid, price: 0 }, now).price).toMatch(/more than 0/);
    expect(validate({ ...valid, price: -3 }, now).price).toMatch(/more than 0/);
    expect(validate({ ...valid, price: 1.234 }, now).price).toMatch(/two decimals/);
    expect(validate({ ...valid, originalPrice: 0 }, now).originalPrice).toMatch(/more than 0/);
    expect(validate({ ...valid, originalPrice: '' }, now).originalPrice).toBeUndefined();
  });

  it('wants a purchase year from 1990 to this year', () => {
    expect(validate({ ...valid, year: 1989 }, now).year).toBe('Enter a year from 1990 to 2026');
    expect(validate({ ...valid, year: 2027 }, now).year).toBe('Enter a year from 1990 to 2026');
    expect(validate({ ...valid, year: 1990 }, now).year).toBeUndefined();
    expect(validate({ ...valid, year: 2026 }, now).year).toBeUndefined();
  });

  it('wants a phone number', () => {
    expect(validate({ ...valid, phone: 'call me' }, now).phone).toMatch(/phone number/);
    expect(validate({ ...valid, phone: '12' }, now).phone).toMatch(/phone number/);
    expect(validate({ ...valid, phone: '02 (555) 0100' }, now).phone).toBeUndefined();
    // Same rule as the API: the number starts with + or a digit.
    expect(validate({ ...valid, phone: '(02) 555-0100' }, now).phone).toMatch(/phone number/);
  });

  it('refuses control characters as the API does, keeping newlines and tabs in the description', () => {
    const errors = validate(
      { ...valid, productName: 'Think\u0000Pad', location: 'Dhaka\u001b', graphics: 'Iris\tXe' },
      now,
    );
    expect(errors.productName).toBe(
      'The name contains an invisible control character (U+0000) at position 6; remove it and try again',
    );
    expect(errors.location).toMatch(/^The location contains an invisible control character \(U\+001B\)/);
    expect(errors.graphics).toMatch(/^The graphics contains a line break or tab/);
    expect(validate({ ...valid, description: 'Line one\nLine two\twith a tab' }, now)).toEqual({});
    expect(validate({ ...valid, description: 'half an emoji \ud83d' }, now).description).toMatch(
      /lone surrogate U\+D83D/,
    );
  });

  it('words unclean text as the API does, after the field', () => {
    const cases: [string, 'single-line' | 'multi-line'][] = [
      ['Think\u0000Pad', 'single-line'],
      ['Dhaka\tNorth', 'single-line'],
      ['Dhaka\rNorth', 'multi-line'],
      ['half an emoji \ud83d', 'multi-line'],
      ['\udc00 first', 'single-line'],
    ];
    for (const [value, kind] of cases)
      expect(uncleanTextError('location', value, kind, en)).toBe(
        `The location ${uncleanTextMessage(value, kind)}`,
      );
    expect(uncleanTextError('location', 'Mirpur 10', 'single-line', en)).toBeNull();
  });

  it('speaks Bangla with Bangla digits when the page does', () => {
    const errors = validateProductForm(
      { ...valid, productName: 'Think\u0000Pad', price: 2_000_000, year: 1989, phone: '' },
      bn,
      now,
    );
    expect(errors).toEqual({
      productName: 'নামের ৬ নম্বর অক্ষরটি একটি অদৃশ্য কন্ট্রোল অক্ষর (U+0000); সেটি মুছে আবার চেষ্টা করুন',
      price: 'দাম সর্বোচ্চ ১০,০০,০০০ হতে পারে',
      year: '১৯৯০ থেকে ২০২৬-এর মধ্যে একটি বছর লিখুন',
      phone: 'একটি ফোন নম্বর লিখুন',
    });
    expect(validate({ ...valid, price: 2_000_000 }, now).price).toBe('The price must be at most 1,000,000');
  });

  it('wants a screen size from 10 to 19 inches with one decimal at most', () => {
    const screen = (screenInches: number | string) => validate({ ...valid, screenInches }, now).screenInches;
    expect(screen(15.6)).toBeUndefined();
    expect(screen(10)).toBeUndefined();
    expect(screen(19)).toBeUndefined();
    expect(screen(9.9)).toBe('Enter a screen size from 10 to 19 inches, one decimal at most');
    expect(screen(19.1)).toMatch(/from 10 to 19/);
    expect(screen(15.66)).toMatch(/one decimal/);
    expect(screen('')).toBe('Enter the screen size');
  });

  it('takes only the offered RAM, storage, resolution and OS choices', () => {
    const errors = validate(
      { ...valid, ramGb: '7', storageGb: '100', storageType: '', resolution: '800x600', os: '' },
      now,
    );
    expect(errors).toEqual({
      ramGb: 'Choose the RAM',
      storageGb: 'Choose the storage size',
      storageType: 'Choose SSD or HDD',
      resolution: 'Choose the resolution',
      os: 'Choose the operating system',
    });
  });

  it('wants the processor and graphics as 2 to 80 characters', () => {
    expect(validate({ ...valid, processor: '  ' }, now).processor).toBe('Enter the processor');
    expect(validate({ ...valid, graphics: 'x' }, now).graphics).toMatch(/at least 2/);
    expect(validate({ ...valid, graphics: 'x'.repeat(81) }, now).graphics).toMatch(/under 80/);
  });

  it('takes battery health and how it was read together, or neither', () => {
    const battery = (batteryHealthPercent: number | string, batteryHealthSource: string) =>
      validate(
        {
          ...valid,
          batteryHealthPercent,
          batteryHealthSource: batteryHealthSource as ProductFormValues['batteryHealthSource'],
        },
        now,
      );
    expect(battery('', '')).toEqual({});
    expect(battery(87, 'os-report')).toEqual({});
    expect(battery(87, '')).toEqual({ batteryHealthSource: 'Choose how the battery health was read' });
    expect(battery('', 'diagnostic-tool')).toEqual({
      batteryHealthPercent: 'Enter the battery health, or set "how was it read" back to "Not given"',
    });
    expect(battery(0, 'os-report').batteryHealthPercent).toMatch(/from 1 to 100/);
    expect(battery(101, 'os-report').batteryHealthPercent).toMatch(/from 1 to 100/);
    expect(battery(87.5, 'os-report').batteryHealthPercent).toMatch(/whole number/);
  });

  it('takes warranty as optional whole months up to 60', () => {
    expect(validate({ ...valid, warrantyMonths: 0 }, now)).toEqual({});
    expect(validate({ ...valid, warrantyMonths: 61 }, now).warrantyMonths).toMatch(/0 to 60/);
    expect(validate({ ...valid, warrantyMonths: 1.5 }, now).warrantyMonths).toMatch(/0 to 60/);
  });

  it('takes one to six photos', () => {
    const photos = ['a', 'b', 'c', 'd', 'e', 'f', 'g'].map(photo);
    expect(validate({ ...valid, photos: photos.slice(0, 6) }, now)).toEqual({});
    expect(validate({ ...valid, photos }, now).photos).toBe('Keep 6 photos at most');
  });
});

describe('toCreateProduct', () => {
  it('builds the POST /add-products body with trimmed text, numbers, specs and the cover first', () => {
    expect(
      toCreateProduct(
        {
          ...valid,
          productName: '  ThinkPad X1 ',
          originalPrice: '',
          photos: [photo('cover'), photo('side')],
          processor: ' Intel Core i7-1165G7 ',
          batteryHealthPercent: 87,
          batteryHealthSource: 'os-report',
          warrantyMonths: 3,
        },
        'seller@example.test',
      ),
    ).toEqual({
      productName: 'ThinkPad X1',
      email: 'seller@example.test',
      price: 499.5,
      image: photo('cover'),
      photos: [photo('cover'), photo('side')],
      quality: 'Good',
      phone: '+880 1712-345678',
      showContact: true,
      location: 'Dhaka',
      category: '04',
      description: 'Lightly used',
      year: 2022,
      specs: {
        processor: 'Intel Core i7-1165G7',
        ramGb: 16,
        storageGb: 512,
        storageType: 'SSD',
        screenInches: 14,
        resolution: '1920x1200',
        graphics: 'Intel Iris Xe',
        batteryHealthPercent: 87,
        batteryHealthSource: 'os-report',
        os: 'Windows 11',
        warrantyMonths: 3,
      },
    });
  });

  it('sends no battery source and no warranty when they were left empty', () => {
    const { specs } = toCreateProduct(valid, null);
    expect(specs).toMatchObject({
      batteryHealthPercent: null,
      batteryHealthSource: null,
      warrantyMonths: null,
    });
  });
});

describe('photo list', () => {
  const [a, b, c] = ['a', 'b', 'c'];
  it('moves a photo earlier, later or to the cover, within the list', () => {
    expect(movePhoto([a, b, c], 2, 0)).toEqual([c, a, b]);
    expect(movePhoto([a, b, c], 0, 1)).toEqual([b, a, c]);
    expect(movePhoto([a, b, c], 2, 3)).toEqual([a, b, c]);
    expect(movePhoto([a, b, c], 0, -1)).toEqual([a, b, c]);
  });

  it('removes one, adds without repeats and stops at six', () => {
    expect(removePhoto([a, b, c], 1)).toEqual([a, c]);
    expect(addPhoto([a, b], b)).toEqual([a, b]);
    expect(addPhoto([a, b], c)).toEqual([a, b, c]);
    expect(addPhoto(['1', '2', '3', '4', '5', '6'], c)).toHaveLength(6);
    expect(photoCount(3, en)).toBe('3 of 6 photos');
    expect(photoCount(3, bn)).toBe('৬টির মধ্যে ৩টি ছবি');
  });
});

describe('processorPreview', () => {
  it('names the family buyers will filter by', () => {
    expect(processorPreview('Intel Core i5-1135G7', en)).toBe('Recognised as Intel Core i5 11th gen');
    expect(processorPreview('apple m2 pro', en)).toBe('Recognised as Apple M2 Pro');
    expect(processorPreview('Intel Celeron N4020', en)).toBe('Recognised as Other Intel');
    expect(processorPreview('Snapdragon X Elite', en)).toMatch(/^Not a family we know/);
    expect(processorPreview('', en)).toMatch(/^Type it/);
    expect(processorPreview('Intel Core i5-1135G7', bn)).toBe('চেনা গেছে: Intel Core i5 11th gen');
  });
});

import { describe, expect, it } from 'vitest';
import {
  emptyProductForm,
  toCreateProduct,
  validateProductForm,
  type ProductFormValues,
} from './product-form';

const now = new Date('2026-06-01T00:00:00Z');
const valid: ProductFormValues = {
  ...emptyProductForm('04'),
  productName: 'ThinkPad X1',
  image: 'http://localhost:4000/api/v1/images/abc.webp',
  price: 499.5,
  originalPrice: 1299,
  quality: 'Good',
  phone: '+880 1712-345678',
  location: 'Dhaka',
  description: 'Lightly used',
  year: 2022,
};

describe('validateProductForm', () => {
  it('accepts a complete product', () => {
    expect(validateProductForm(valid, now)).toEqual({});
  });

  it('requires every text field and the photo', () => {
    const errors = validateProductForm(emptyProductForm(''), now);
    expect(Object.keys(errors).sort()).toEqual(
      ['category', 'description', 'image', 'location', 'phone', 'price', 'productName', 'year'].sort(),
    );
    expect(errors.originalPrice).toBeUndefined();
  });

  it('wants positive prices with at most two decimals', () => {
    expect(validateProductForm({ ...valid, price: 0 }, now).price).toMatch(/more than 0/);
    expect(validateProductForm({ ...valid, price: -3 }, now).price).toMatch(/more than 0/);
    expect(validateProductForm({ ...valid, price: 1.234 }, now).price).toMatch(/two decimals/);
    expect(validateProductForm({ ...valid, originalPrice: 0 }, now).originalPrice).toMatch(/more than 0/);
    expect(validateProductForm({ ...valid, originalPrice: '' }, now).originalPrice).toBeUndefined();
  });

  it('wants a purchase year from 1990 to this year', () => {
    expect(validateProductForm({ ...valid, year: 1989 }, now).year).toBe('Enter a year from 1990 to 2026');
    expect(validateProductForm({ ...valid, year: 2027 }, now).year).toBe('Enter a year from 1990 to 2026');
    expect(validateProductForm({ ...valid, year: 1990 }, now).year).toBeUndefined();
    expect(validateProductForm({ ...valid, year: 2026 }, now).year).toBeUndefined();
  });

  it('wants a phone number', () => {
    expect(validateProductForm({ ...valid, phone: 'call me' }, now).phone).toMatch(/phone number/);
    expect(validateProductForm({ ...valid, phone: '12' }, now).phone).toMatch(/phone number/);
    expect(validateProductForm({ ...valid, phone: '02 (555) 0100' }, now).phone).toBeUndefined();
    // Same rule as the API: the number starts with + or a digit.
    expect(validateProductForm({ ...valid, phone: '(02) 555-0100' }, now).phone).toMatch(/phone number/);
  });
});

describe('toCreateProduct', () => {
  it('builds the POST /add-products body with trimmed text and numbers', () => {
    expect(
      toCreateProduct({ ...valid, productName: '  ThinkPad X1 ', originalPrice: '' }, 'seller@example.test'),
    ).toEqual({
      productName: 'ThinkPad X1',
      email: 'seller@example.test',
      price: 499.5,
      image: valid.image,
      quality: 'Good',
      phone: '+880 1712-345678',
      location: 'Dhaka',
      category: '04',
      description: 'Lightly used',
      year: 2022,
    });
  });
});

import { describe, expect, it } from 'vitest';
import type { MyBuyer } from 'shared-contracts/bookings';
import { mergeBuyerRows } from './get-my-buyers';

const row = (over: Partial<MyBuyer>): MyBuyer => ({
  _id: 'x',
  kind: 'booking',
  productId: 'p1',
  productName: 'Laptop',
  name: 'Bina',
  email: 'bina@example.test',
  phone: '0123456',
  place: 'Dhaka',
  price: 100,
  paid: false,
  date: '2026-01-01T00:00:00.000Z',
  ...over,
});

describe('mergeBuyerRows', () => {
  it('drops the payment row that repeats a paid booking', () => {
    const rows = [
      row({ _id: 'b1', paid: true }),
      row({ _id: 'pay1', kind: 'payment', paid: true, phone: null, place: null }),
      row({ _id: 'pay2', kind: 'payment', paid: true, productId: 'p2' }),
      row({ _id: 'b2', email: 'other@example.test' }),
    ];
    expect(mergeBuyerRows(rows).map((r) => r._id)).toEqual(['b1', 'pay2', 'b2']);
  });
});

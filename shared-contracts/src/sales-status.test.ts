import { describe, expect, it } from 'vitest';
import { nextSalesStatus, salesStatusesAllowing, SalesStatuses } from './sales-status';

describe('sales status', () => {
  it('a booking request leaves the status as it is (the seller’s answer decides)', () => {
    expect(nextSalesStatus('available', 'booking')).toBe('available');
    expect(nextSalesStatus('booked', 'booking')).toBe('booked');
  });

  it('a confirmed payment sells an available or booked laptop', () => {
    expect(nextSalesStatus('available', 'payment-confirmed')).toBe('sold');
    expect(nextSalesStatus('booked', 'payment-confirmed')).toBe('sold');
  });

  it('nothing leaves sold', () => {
    expect(nextSalesStatus('sold', 'booking')).toBeNull();
    expect(nextSalesStatus('sold', 'payment-confirmed')).toBeNull();
    expect(salesStatusesAllowing('payment-confirmed')).toEqual(['available', 'booked']);
    expect(salesStatusesAllowing('booking')).not.toContain('sold');
    expect(SalesStatuses).toEqual(['available', 'booked', 'sold']);
  });
});

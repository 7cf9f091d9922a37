import { describe, expect, it } from 'vitest';
import {
  canBeBooked,
  listingAllows,
  listingStatusFromBookings,
  nextSalesStatus,
  salesStatusesAllowing,
  SalesStatuses,
} from './sales-status';

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
  it('derives the listing’s status from its bookings', () => {
    expect(listingStatusFromBookings([])).toBe('available');
    expect(listingStatusFromBookings(['requested', 'declined', 'expired', 'cancelled'])).toBe('available');
    expect(listingStatusFromBookings(['requested', 'accepted'])).toBe('booked');
    expect(listingStatusFromBookings(['accepted', 'completed'])).toBe('sold');
    expect(listingStatusFromBookings(['cancelled', 'paid'])).toBe('sold');
  });

  it('a sold laptop can no longer be booked, advertised, repriced or asked about', () => {
    for (const status of ['available', 'booked'] as const) {
      expect(canBeBooked(status)).toBe(true);
      expect(listingAllows(status, 'advertise')).toBe(true);
      expect(listingAllows(status, 'edit-price')).toBe(true);
      expect(listingAllows(status, 'start-conversation')).toBe(true);
    }
    expect(canBeBooked('sold')).toBe(false);
    expect(listingAllows('sold', 'advertise')).toBe(false);
    expect(listingAllows('sold', 'edit-price')).toBe(false);
    expect(listingAllows('sold', 'start-conversation')).toBe(false);
  });
});

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const day = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });

/** Prices travel as currency units with up to two decimals (shared-contracts/products). */
export const formatPrice = (value: number) => usd.format(value);

/** A day as people read it; an unreadable value is shown as it came. */
export function formatDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : day.format(date);
}

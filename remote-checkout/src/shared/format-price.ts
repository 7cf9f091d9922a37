// Prices travel as currency units (shared-contracts); the sandbox gateway charges in USD.
const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

export function formatPrice(price: number): string {
  return usd.format(price);
}

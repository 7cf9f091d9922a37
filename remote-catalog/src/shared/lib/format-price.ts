const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** Prices arrive as currency units with up to two decimals (shared-contracts/products). */
export const formatPrice = (value: number) => usd.format(value);

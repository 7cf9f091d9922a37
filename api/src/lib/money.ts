export const toCents = (units: number): number => Math.round(units * 100);
export const fromCents = (cents: number): number => cents / 100;

import { formatPaisa } from 'web-kit/format';

/** A signed movement (a statement line): "+৳1,200" or "−৳50", the sign spelt out for every reader. */
export const formatSignedPaisa = (paisa: number, currency?: string): string =>
  `${paisa < 0 ? '−' : '+'}${formatPaisa(Math.abs(paisa), undefined, currency)}`;

/** Taka as typed (up to two decimals) in paisa, the unit the money routes take; NaN for what is not an amount. */
export function paisaFromTaka(taka: number | string): number {
  const value = typeof taka === 'number' ? taka : Number(String(taka).trim() || NaN);
  return Number.isFinite(value) ? Math.round(value * 100) : NaN;
}

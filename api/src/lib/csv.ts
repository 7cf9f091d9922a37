/**
 * CSV files the API hands out (a seller's statement, the operators' payout batch), written by
 * RFC 4180 and made safe to open in a spreadsheet (OWASP, "CSV Injection").
 */

/** A cell: text as it is stored, or a number the API formatted itself (an amount). */
export type CsvCell = string | number | null | undefined;

/**
 * A spreadsheet reads a cell that starts with one of these as a formula, so a seller's name such
 * as `=HYPERLINK(…)` would run on the operator's computer; OWASP's advice is to start such a cell
 * with a quote, which makes it text.
 */
const FORMULA_START = /^[=+\-@\t\r]/;
/** A plain decimal number (`-12.50`) is not a formula even though it starts with a minus. */
const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/;

/** One cell: guarded against formulas, then quoted when it holds a quote, comma or line break. */
export function csvCell(value: CsvCell): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (typeof value === 'string' && FORMULA_START.test(text) && !PLAIN_NUMBER.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/**
 * The whole file: a header row, then one row per record, lines ended by CRLF (RFC 4180). It
 * starts with a byte-order mark because Excel, which most sellers open it in, reads UTF-8 without
 * one as the local code page and garbles Bangla names.
 */
export function toCsv(header: readonly string[], rows: readonly (readonly CsvCell[])[]): string {
  const lines = [header, ...rows].map((row) => row.map(csvCell).join(','));
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

/** Paisa as taka with two decimals and no grouping (`-1234.50`), exact for any whole paisa. */
export function takaText(paisa: number): string {
  const sign = paisa < 0 ? '-' : '';
  const abs = Math.abs(paisa);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** Bangladesh keeps UTC+6 all year (no daylight saving since 2009). */
const DHAKA_OFFSET_MS = 6 * 60 * 60 * 1000;

/** `2026-11-27 17:36:16`: a time as the sellers and operators in Dhaka read it. */
export function dhakaDateTime(at: Date): string {
  return new Date(at.getTime() + DHAKA_OFFSET_MS).toISOString().slice(0, 19).replace('T', ' ');
}

/** `2026-11-27`: the day in Dhaka, for a download's file name. */
export const dhakaDate = (at: Date): string => dhakaDateTime(at).slice(0, 10);

/** The Content-Disposition of a CSV download (the name is ours: letters, digits, dashes). */
export const attachment = (fileName: string) => `attachment; filename="${fileName}"`;

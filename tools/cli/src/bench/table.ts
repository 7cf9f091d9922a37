// Plain-text tables and kilobytes, as the bench's reports and the byte budget's print them.

export const KB = 1024;
/** Bytes as KB with one decimal. */
export const kb = (bytes: number) => (bytes / KB).toFixed(1);

/** Columns padded to their widest cell; numbers right-aligned. */
export function table(header: readonly string[], rows: readonly (readonly unknown[])[]): string {
  const cells = [header, ...rows].map((row) => row.map(String));
  const widths = header.map((_, i) => Math.max(...cells.map((row) => (row[i] ?? '').length)));
  const line = (row: string[]) =>
    row
      .map((cell, i) =>
        /^[-+\d.,÷×%]+( ms| KB)?$/.test(cell) ? cell.padStart(widths[i] ?? 0) : cell.padEnd(widths[i] ?? 0),
      )
      .join('  ')
      .trimEnd();
  return [
    line(cells[0] ?? []),
    widths.map((w) => '-'.repeat(w)).join('  '),
    ...cells.slice(1).map(line),
  ].join('\n');
}

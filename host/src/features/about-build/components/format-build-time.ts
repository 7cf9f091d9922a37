/** "2026-11-21 05:46 UTC": the same on every machine, so operators can compare what they read. */
export function formatBuildTime(iso: string): string {
  const date = new Date(iso);
  if (!iso || Number.isNaN(date.getTime())) return 'unknown';
  return `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

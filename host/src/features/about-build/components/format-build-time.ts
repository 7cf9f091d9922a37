import { LANGUAGE_LOCALES, type Language } from 'shared-contracts/locale';

const formats = new Map<Language, Intl.DateTimeFormat>();

/**
 * "2026-11-21 05:46 UTC" ("২০২৬-১১-২১ ০৫:৪৬ UTC" in Bangla): the same on every machine, so
 * operators can compare what they read; null when the time is missing or unreadable.
 */
export function formatBuildTime(iso: string, language: Language): string | null {
  const date = new Date(iso);
  if (!iso || Number.isNaN(date.getTime())) return null;
  let format = formats.get(language);
  if (!format) {
    format = new Intl.DateTimeFormat(LANGUAGE_LOCALES[language], {
      timeZone: 'UTC',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    formats.set(language, format);
  }
  const part = Object.fromEntries(format.formatToParts(date).map((p) => [p.type, p.value]));
  return `${part.year}-${part.month}-${part.day} ${part.hour}:${part.minute} UTC`;
}

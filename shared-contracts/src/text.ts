import { z } from './zod';
import { uncleanTextMessage, type TextKind } from './clean-text';

/**
 * Every string field a client sends is built from these, so one rule keeps control characters,
 * NUL and lone surrogates out of the database with a 400 naming the field (clean-text.ts,
 * docs/decisions/0027-clean-text-and-attack-suite.md). Chain the field's own rules after:
 * `singleLineText().trim().min(1).max(120)`.
 */
export const cleanText =
  (kind: TextKind) =>
  (value: string, ctx: z.RefinementCtx): void => {
    const message = uncleanTextMessage(value, kind);
    if (message) ctx.addIssue({ code: 'custom', message });
  };

/**
 * Applies the rule to any string schema (z.url(), z.string()...). The `x-text` mark reaches the
 * OpenAPI document, where the API's tests read which fields are multi-line.
 */
export const withCleanText = <S extends z.ZodType<string>>(schema: S, kind: TextKind): S =>
  schema.superRefine(cleanText(kind)).meta({ 'x-text': kind });

/** Names, ids, places, phone numbers, URLs: no line breaks, tabs or other control characters. */
export const singleLineText = () => withCleanText(z.string(), 'single-line');

/** Descriptions, messages, reasons: newline and tab allowed, other control characters not. */
export const multiLineText = () => withCleanText(z.string(), 'multi-line');

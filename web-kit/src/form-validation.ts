import { z } from 'zod';

/**
 * A form's rules are the zod schema the API validates the same payload with (shared-contracts), so
 * a rule is written once (docs/decisions/0034-forms-through-mantine-form.md). Each form passes
 * `schemaValidator(...)` as `validate` to @mantine/form's `useForm`; this module turns the schema's
 * issues into the form's own translated texts.
 *
 * zod probes `new Function` to compile faster parsers; the site's CSP (script-src without
 * 'unsafe-eval') reports that probe as a violation. shared-contracts/src/zod.ts switches it off in
 * a browser before any schema is built; this says it again for a form whose schema comes from
 * elsewhere, since forms only ever run in a browser (and in its tests).
 */
z.config({ jitless: true });

/** Which kind of problem a field has, read from the zod issue. */
export type IssueKind = 'required' | 'tooShort' | 'tooLong' | 'invalid';

/**
 * A field's texts: one key for every problem, or one per kind. `required` is used when the field
 * is blank (nothing, or only spaces); `invalid` for anything no other kind names.
 */
export type FieldMessages<K extends string> = K | ({ invalid: K } & Partial<Record<IssueKind, K>>);

export interface SchemaValidatorOptions<Values, K extends string> {
  /** The payload the form sends, built from its values (trimmed, renamed): what the schema checks. */
  payload?: (values: Values) => unknown;
  /** The texts per payload field (dotted path, as the form's errors are keyed). */
  messages: Partial<Record<string, FieldMessages<NoInfer<K>>>>;
  /**
   * The package's translator. Each text may name `{{problem}}` (zod's own sentence), `{{max}}` and
   * `{{min}}` (the bound a too long or too short value broke).
   */
  t: (key: K, values: Record<string, string | number>) => string;
}

/** The form's errors, keyed by field path: what @mantine/form's `validate` function returns. */
export type FormErrors = Record<string, string>;

const isBlank = (value: unknown) =>
  value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

function kindOf(issue: z.core.$ZodIssue): IssueKind {
  if (isBlank(issue.input)) return 'required';
  if (issue.code === 'too_small') return 'tooShort';
  if (issue.code === 'too_big') return 'tooLong';
  return 'invalid';
}

function textOf<K extends string>(
  issue: z.core.$ZodIssue,
  messages: FieldMessages<K> | undefined,
  t: SchemaValidatorOptions<unknown, K>['t'],
): string {
  // A field the form has no text for keeps zod's own sentence rather than passing silently.
  if (messages === undefined) return issue.message;
  const values: Record<string, string | number> = { problem: issue.message };
  if (issue.code === 'too_big') values.max = Number(issue.maximum);
  if (issue.code === 'too_small') values.min = Number(issue.minimum);
  return t(typeof messages === 'string' ? messages : (messages[kindOf(issue)] ?? messages.invalid), values);
}

/** The first problem of each field, in the form's words; `{}` when the payload is valid. */
export function schemaErrors<Values, K extends string>(
  schema: z.ZodType,
  values: Values,
  { payload, messages, t }: SchemaValidatorOptions<Values, K>,
): FormErrors {
  const result = schema.safeParse(payload ? payload(values) : values, { reportInput: true });
  if (result.success) return {};
  const errors: FormErrors = {};
  for (const issue of result.error.issues) {
    const path = issue.path.map(String).join('.');
    errors[path] ??= textOf(issue, messages[path], t);
  }
  return errors;
}

/** `useForm({ validate: schemaValidator(Schema, { messages, t }) })`. */
export function schemaValidator<Values, K extends string>(
  schema: z.ZodType,
  options: SchemaValidatorOptions<Values, K>,
): (values: Values) => FormErrors {
  return (values) => schemaErrors(schema, values, options);
}

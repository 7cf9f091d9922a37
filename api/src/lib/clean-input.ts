import type { FastifyRequest, FastifySchemaCompiler, FastifySchemaValidationError } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { findUncleanCharacter } from 'shared-contracts/clean-text';
import type { ZodType } from 'zod';

/**
 * The safety net behind the contracts' clean-text builders (shared-contracts/text.ts): whatever a
 * schema let through — a z.unknown() record, a field someone built with a bare z.string(), a
 * part of the request without a schema — may still not carry NUL or a lone surrogate, the two
 * things PostgreSQL refuses in text (docs/decisions/0027-clean-text-and-attack-suite.md).
 * Only those two: the schemas decide the finer rule per field (single- or multi-line).
 */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const databaseRefuses = (text: string) => text.includes('\u0000') || LONE_SURROGATE.test(text);

export interface UncleanField {
  /** JSON-pointer-like path inside the part, e.g. `/specs/processor` ('' for the part itself). */
  instancePath: string;
  message: string;
}

/** The first string (or object key) under `value` that the database would refuse. */
export function findDatabaseRefusedText(value: unknown, path = '', depth = 0): UncleanField | null {
  if (typeof value === 'string') {
    if (!databaseRefuses(value)) return null;
    const found = findUncleanCharacter(value, 'multi-line');
    const code = found ? found.code.toString(16).toUpperCase().padStart(4, '0') : '0000';
    return {
      instancePath: path,
      message: `contains a character the database cannot store (U+${code})${found ? ` at position ${found.index + 1}` : ''}`,
    };
  }
  if (value === null || typeof value !== 'object' || depth > 32) return null;
  for (const [key, inner] of Object.entries(value)) {
    const innerPath = `${path}/${key}`;
    if (databaseRefuses(key))
      return {
        instancePath: innerPath,
        message: 'is a field name with a character the database cannot store',
      };
    const found = findDatabaseRefusedText(inner, innerPath, depth + 1);
    if (found) return found;
  }
  return null;
}

const asValidationError = (found: UncleanField): FastifySchemaValidationError[] => [
  {
    keyword: 'clean_text',
    instancePath: found.instancePath,
    schemaPath: '#',
    params: {},
    message: found.message,
  },
];

/** fastify-type-provider-zod's validator, then the net on what the schema accepted. */
export const cleanInputValidatorCompiler: FastifySchemaCompiler<ZodType> = (routeSchema) => {
  const validate = validatorCompiler(routeSchema);
  return (data: unknown) => {
    const result = validate(data) as { error?: Error | FastifySchemaValidationError[]; value?: unknown };
    if (result.error) return result;
    const found = findDatabaseRefusedText(data);
    return found ? { error: asValidationError(found) } : result;
  };
};

/**
 * The same net for the parts of a request whose route declares no schema (they never reach the
 * validator compiler): params, query string and headers. Throws a validation error naming the part.
 */
export function refuseUncleanUnvalidatedParts(request: FastifyRequest): void {
  const schema = request.routeOptions.schema ?? {};
  const parts: [string, unknown, unknown][] = [
    ['params', request.params, schema.params],
    ['querystring', request.query, schema.querystring],
    ['headers', request.headers, schema.headers],
  ];
  for (const [part, value, partSchema] of parts) {
    if (partSchema) continue;
    const found = findDatabaseRefusedText(value);
    if (!found) continue;
    const err = Object.assign(new Error(found.message), {
      statusCode: 400,
      validation: asValidationError(found),
      validationContext: part,
    });
    throw err;
  }
}

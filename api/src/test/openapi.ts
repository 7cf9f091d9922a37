import type { Access } from '../auth/access';
import type { App } from '../app';
import type { Actor } from './harness';

/**
 * The API as its own OpenAPI document describes it (GET /api/v1/openapi.json): the clean-text and
 * attack suites walk these operations, so a route added later is covered without a test edit.
 */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  nullable?: boolean;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number | boolean;
  default?: unknown;
  additionalProperties?: boolean | JsonSchema;
  'x-text'?: 'single-line' | 'multi-line';
}

export interface Param {
  name: string;
  required: boolean;
  schema: JsonSchema;
}

export interface ApiOperation {
  /** `POST /api/v1/add-products` (OpenAPI path, `{id}` placeholders). */
  key: string;
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  access: Access;
  pathParams: Param[];
  queryParams: Param[];
  /** JSON body schema, when the operation takes one. */
  body: JsonSchema | null;
  /** POST without a JSON body schema: multipart uploads and forms. */
  takesMultipart: boolean;
}

export type RoleName = 'anonymous' | 'buyer' | 'seller' | 'otherSeller' | 'admin';
export const roleNames: RoleName[] = ['anonymous', 'buyer', 'seller', 'otherSeller', 'admin'];

/** Whether the route's declared policy (auth/access.ts) lets this role in; every actor has a profile. */
export function roleAllowed(access: Access, role: RoleName): boolean {
  if (access === 'public') return true;
  if (role === 'anonymous') return false;
  if (access === 'signed-in' || access === 'user') return true;
  return access.includes(role === 'otherSeller' ? 'seller' : role);
}

interface OpenApiDocument {
  paths: Record<
    string,
    Record<
      string,
      {
        'x-access'?: Access;
        parameters?: { in: string; name: string; required?: boolean; schema?: JsonSchema }[];
        requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
      }
    >
  >;
}

export async function loadOperations(app: App): Promise<ApiOperation[]> {
  const res = await app.inject({ method: 'GET', url: '/api/v1/openapi.json' });
  if (res.statusCode !== 200) throw new Error(`openapi.json: ${res.statusCode}`);
  const doc = res.json() as OpenApiDocument;
  const operations: ApiOperation[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const upper = method.toUpperCase() as ApiOperation['method'];
      if (!op['x-access']) throw new Error(`${upper} ${path} has no x-access in the OpenAPI document`);
      const params = (where: string) =>
        (op.parameters ?? [])
          .filter((p) => p.in === where)
          .map((p) => ({ name: p.name, required: p.required === true, schema: p.schema ?? {} }));
      const body = op.requestBody?.content?.['application/json']?.schema ?? null;
      operations.push({
        key: `${upper} ${path}`,
        method: upper,
        path,
        access: op['x-access'],
        pathParams: params('path'),
        queryParams: params('query'),
        body,
        takesMultipart: upper !== 'GET' && upper !== 'DELETE' && !body,
      });
    }
  }
  return operations;
}

/** The JSON types a schema accepts ('any' when it does not say). */
export function acceptedTypes(schema: JsonSchema): Set<string> {
  const types = new Set<string>();
  const visit = (s: JsonSchema) => {
    for (const alt of [...(s.anyOf ?? []), ...(s.oneOf ?? [])]) visit(alt);
    if (s.type) for (const t of [s.type].flat()) types.add(t === 'integer' ? 'number' : t);
    if (s.nullable) types.add('null');
    for (const v of s.enum ?? []) types.add(v === null ? 'null' : typeof v);
    if (s.const !== undefined) types.add(s.const === null ? 'null' : typeof s.const);
    if (!s.type && !s.anyOf && !s.oneOf && !s.enum && s.const === undefined && !s.nullable) types.add('any');
  };
  visit(schema);
  return types;
}

/** The object schema of a (possibly nullable or optional) property, when it is one. */
export function objectSchemaOf(schema: JsonSchema): JsonSchema | null {
  if (schema.properties) return schema;
  // oneOf: a discriminated union (PUT /payout-method's wallet or bank); its first shape stands for
  // it, as the suites' valid request does.
  for (const alt of [...(schema.anyOf ?? []), ...(schema.allOf ?? []), ...(schema.oneOf ?? [])]) {
    const found = objectSchemaOf(alt);
    if (found) return found;
  }
  return null;
}

/** The string schema of a property (string, or a union with a string in it). */
export function stringSchemaOf(schema: JsonSchema): JsonSchema | null {
  if ([schema.type].flat().includes('string')) return schema;
  for (const alt of [...(schema.anyOf ?? []), ...(schema.oneOf ?? [])]) {
    const found = stringSchemaOf(alt);
    if (found) return found;
  }
  return null;
}

export interface FieldRef {
  part: 'params' | 'querystring' | 'body';
  /** Path inside the part; array items are index 0. */
  path: (string | number)[];
  schema: JsonSchema;
  required: boolean;
}

/** Every leaf field of an operation's params, query string and JSON body. */
export function fieldsOf(op: ApiOperation): FieldRef[] {
  const fields: FieldRef[] = [
    ...op.pathParams.map((p) => ({
      part: 'params' as const,
      path: [p.name],
      schema: p.schema,
      required: true,
    })),
    ...op.queryParams.map((p) => ({
      part: 'querystring' as const,
      path: [p.name],
      schema: p.schema,
      required: p.required,
    })),
  ];
  const walk = (schema: JsonSchema, path: (string | number)[], required: boolean) => {
    const object = objectSchemaOf(schema);
    if (object?.properties) {
      if (path.length > 0) fields.push({ part: 'body', path, schema, required });
      for (const [name, inner] of Object.entries(object.properties)) {
        walk(inner, [...path, name], (object.required ?? []).includes(name));
      }
      return;
    }
    if (schema.type === 'array' && schema.items) {
      fields.push({ part: 'body', path, schema, required });
      walk(schema.items, [...path, 0], true);
      return;
    }
    fields.push({ part: 'body', path, schema, required });
  };
  if (op.body) walk(op.body, [], true);
  return fields;
}

/** A request as the suites build it, before it becomes an app.inject call. */
export interface RequestParts {
  params: Record<string, string>;
  query: Record<string, string>;
  /** A JSON value, or raw text with `rawBody`. */
  body?: unknown;
  rawBody?: string | Buffer;
  headers?: Record<string, string>;
}

export function urlOf(op: ApiOperation, parts: RequestParts, encodeParams = true): string {
  const path = op.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = parts.params[name] ?? 'x';
    return encodeParams ? encodeURIComponent(value) : value;
  });
  const query = new URLSearchParams(parts.query).toString();
  return query ? `${path}?${query}` : path;
}

export async function send(
  app: App,
  op: ApiOperation,
  parts: RequestParts,
  actor: Actor | null,
  options: { token?: string; rawUrl?: string } = {},
) {
  const token = options.token ?? actor?.token;
  const headers: Record<string, string> = {
    ...(token ? { authorization: `Bearer ${token}` } : {}),
    ...parts.headers,
  };
  let payload: string | Buffer | undefined;
  if (parts.rawBody !== undefined) payload = parts.rawBody;
  else if (parts.body !== undefined) {
    payload = JSON.stringify(parts.body);
    headers['content-type'] ??= 'application/json';
  }
  return app.inject({
    method: op.method,
    url: options.rawUrl ?? urlOf(op, parts),
    headers,
    ...(payload === undefined ? {} : { payload }),
  });
}

/** Sets `value` at `path` inside a deep copy of `body`, creating missing objects and arrays on the way. */
export function withValueAt(body: unknown, path: (string | number)[], value: unknown): unknown {
  const copy = structuredClone(body) as Record<string | number, unknown>;
  let cursor = copy;
  path.slice(0, -1).forEach((key, i) => {
    if (cursor[key] === undefined || cursor[key] === null)
      cursor[key] = typeof path[i + 1] === 'number' ? [] : {};
    cursor = cursor[key] as Record<string | number, unknown>;
  });
  const last = path[path.length - 1] as string | number;
  if (value === undefined) delete cursor[last];
  else cursor[last] = value;
  return copy;
}

import { generateKeyPairSync, createSign } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipart, queryRows, startTestApp, type Actor, type TestContext } from './test/harness';
import {
  acceptedTypes,
  fieldsOf,
  loadOperations,
  roleAllowed,
  roleNames,
  send,
  stringSchemaOf,
  withValueAt,
  type ApiOperation,
  type FieldRef,
  type JsonSchema,
  type RequestParts,
  type RoleName,
} from './test/openapi';
import { prepareFixtures, validRequest, type Fixtures } from './test/valid-requests';
import { runSavedSearchRound } from './modules/saved-searches/saved-searches.service';

/**
 * The attack suite (api/README.md#attack-suite, docs/decisions/0027-clean-text-and-attack-suite.md):
 * hostile requests generated from the API's own OpenAPI document, for every operation and every
 * role, plus forged tokens, path traversal into the image files and pixel-flood images. It counts
 * and prints three numbers, each of which must be 0:
 *  - responses ≥ 500;
 *  - 2xx answers to a role (or forged token) the route's access policy refuses;
 *  - database rows changed by requests that must be refused (row hashes of every table compared
 *    before and after each batch).
 */
let ctx: TestContext;
let fx: Fixtures;
let operations: ApiOperation[];

interface Tally {
  requests: number;
  serverErrors: string[];
  refusedRoleSuccesses: string[];
  rowsChangedByRefused: number;
  rowChanges: string[];
  /** Hostile input an allowed role sent that was not refused with a 4xx. */
  hostileInputAccepted: string[];
}
const tally: Tally = {
  requests: 0,
  serverErrors: [],
  refusedRoleSuccesses: [],
  rowsChangedByRefused: 0,
  rowChanges: [],
  hostileInputAccepted: [],
};

beforeAll(async () => {
  // Rate limits would answer 429 before validation and hide what the suite is after.
  ctx = await startTestApp({ PUBLIC_WRITE_LIMIT_PER_MINUTE: '100000' });
  fx = await prepareFixtures(ctx.app);
  operations = await loadOperations(ctx.app);
  // Destructive operations last: what they remove is no one else's target, but keep it simple.
  operations.sort((a, b) => Number(a.method === 'DELETE') - Number(b.method === 'DELETE'));
});
afterAll(async () => ctx?.close());

// ---------------------------------------------------------------------------------------------
// Database snapshot: one hash per row of every table, so a refused request that wrote anything
// (insert, update, delete) shows up as changed rows.

/** Tables any request may write whatever its answer: the shared rate-limit counters count refusals too. */
const TABLES_EVERY_REQUEST_MAY_WRITE: string[] = ['rate_limit_counters'];

async function snapshot(): Promise<Map<string, Set<string>>> {
  const tables = await queryRows<{ name: string }>(
    ctx,
    sql`select table_name as name from information_schema.tables
        where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
  );
  if (tables.length === 0) throw new Error('no tables to snapshot');
  const union = tables
    .filter(({ name }) => !TABLES_EVERY_REQUEST_MAY_WRITE.includes(name))
    .map(({ name }) => `select '${name}' as t, md5(x::text) as h from "${name}" x`)
    .join(' union all ');
  const rows = await queryRows<{ t: string; h: string }>(ctx, sql.raw(union));
  const byTable = new Map<string, Set<string>>(tables.map(({ name }) => [name, new Set<string>()]));
  for (const { t, h } of rows) byTable.get(t)?.add(h);
  return byTable;
}

function changedRows(before: Map<string, Set<string>>, after: Map<string, Set<string>>) {
  let changed = 0;
  const where: string[] = [];
  for (const [table, rows] of after) {
    const old = before.get(table) ?? new Set<string>();
    const diff = [...rows].filter((h) => !old.has(h)).length + [...old].filter((h) => !rows.has(h)).length;
    if (diff) where.push(`${table}: ${diff}`);
    changed += diff;
  }
  return { changed, where };
}

/** Runs a batch of requests that must all be refused, counting rows they changed. */
async function refusedBatch(name: string, run: () => Promise<void>) {
  // The bell round tells saved searches' owners of listings an earlier, accepted request published
  // (docs/decisions/0058-saved-search-alerts.md); it runs every second on its own, so it runs to
  // the end here first, or its writes would count as this batch's.
  while ((await runSavedSearchRound(ctx.app.deps.db)) > 0);
  const before = await snapshot();
  await run();
  const { changed, where } = changedRows(before, await snapshot());
  if (changed) {
    tally.rowsChangedByRefused += changed;
    tally.rowChanges.push(`${name}: ${where.join(', ')}`);
  }
}

// ---------------------------------------------------------------------------------------------
// Hostile values.

const MEGABYTE = 'x'.repeat(1024 * 1024);
/** Within the usual limits, so they may be accepted: they must only never break anything. */
const unicodeSamples = ['😀🔥👩‍💻 laptop 中文', 'مرحبا \u202Egnp.exe', '\uFEFFe\u0301\u0301\u0301 𝕿𝖍𝖎𝖓𝖐'];
const SENTINEL = '"__raw_sentinel__"';

interface Variant {
  name: string;
  parts: RequestParts;
  /** 'refuse': must be a 4xx and change nothing; 'survive': only never a 5xx. */
  expect: 'refuse' | 'survive';
  rawUrl?: string;
}

const tooLong = (s: JsonSchema) => (s.maxLength !== undefined ? 'y'.repeat(s.maxLength + 1) : null);

/** Values of the wrong JSON type for this schema. */
function wrongTypes(schema: JsonSchema): [string, unknown][] {
  const accepted = acceptedTypes(schema);
  if (accepted.has('any')) return [];
  const candidates: [string, string, unknown][] = [
    ['number', 'a number', 12345],
    ['string', 'a string', 'not-the-type'],
    ['boolean', 'a boolean', true],
    ['object', 'an object', { $ne: null }],
    ['array', 'an array', ['a', 'b']],
    ['null', 'null', null],
  ];
  return candidates.filter(([type]) => !accepted.has(type)).map(([, name, value]) => [name, value]);
}

/** Hostile values for one body field; all of them must be refused. */
function bodyFieldValues(f: FieldRef): [string, unknown, string?][] {
  const values: [string, unknown, string?][] = wrongTypes(f.schema).map(([n, v]) => [`as ${n}`, v]);
  if (f.required) values.push(['missing', undefined]);
  const str = stringSchemaOf(f.schema);
  if (str) {
    values.push(['with NUL', 'a\u0000b'], ['with a lone surrogate', '\udc00x'], ['with ESC', '\u001b[2J']);
    const long = tooLong(str);
    if (long) values.push(['too long', long]);
  }
  const types = acceptedTypes(f.schema);
  if (types.has('number') && !types.has('string')) {
    // JSON has no NaN or Infinity: 1e999 parses to Infinity, NaN is malformed JSON.
    values.push(['Infinity', 0, '1e999'], ['-Infinity', 0, '-1e999'], ['NaN', 0, 'NaN']);
    values.push(['huge', 1e308], ['negative huge', -1e308]);
  }
  return values;
}

function variantsFor(op: ApiOperation, base: RequestParts): Variant[] {
  const variants: Variant[] = [];
  const refuse = (name: string, parts: RequestParts, rawUrl?: string) =>
    variants.push({ name, parts, expect: 'refuse', ...(rawUrl ? { rawUrl } : {}) });
  const survive = (name: string, parts: RequestParts) => variants.push({ name, parts, expect: 'survive' });
  const fields = fieldsOf(op);

  for (const f of fields.filter((x) => x.part === 'params')) {
    const name = String(f.path[0]);
    const numeric = acceptedTypes(f.schema).has('number');
    const ids = [
      '\u0000',
      'a\u0001b',
      '\u007f',
      '../../../../etc/passwd',
      "' OR '1'='1",
      '😀',
      'ملف',
      'z'.repeat(400),
      ...(numeric ? ['abc', '-1', '1e309', 'NaN', 'Infinity', '0x10', '99999999999999999999', '1.5'] : []),
    ];
    for (const id of ids)
      refuse(`params.${name}=${JSON.stringify(id.slice(0, 20))}`, {
        ...base,
        params: { ...base.params, [name]: id },
      });
    // Raw (not re-encoded) path segments: broken percent-encoding, encoded traversal, overlong.
    for (const raw of ['%', '%zz', '%E0%A4%A', '..%2f..%2f', '%2e%2e%2f', '%c0%ae%c0%ae', 'a'.repeat(600)]) {
      const rawUrl = op.path.replace(/\{(\w+)\}/g, (_, n: string) =>
        n === name ? raw : encodeURIComponent(base.params[n] ?? 'x'),
      );
      refuse(`raw params.${name}=${raw.slice(0, 20)}`, base, rawUrl);
    }
  }

  for (const f of fields.filter((x) => x.part === 'querystring')) {
    const name = String(f.path[0]);
    const q = (value: string) => ({ ...base, query: { ...base.query, [name]: value } });
    const types = acceptedTypes(f.schema);
    const str = stringSchemaOf(f.schema);
    const enumLike = f.schema.enum !== undefined || f.schema.items?.enum !== undefined;
    refuse(`query.${name} with NUL`, q('a\u0000b'));
    refuse(`query.${name} with U+0001`, q('\u0001'));
    if (str && !enumLike && str.format === undefined && str.pattern === undefined) {
      const long = tooLong(str);
      if (long) refuse(`query.${name} too long`, q(long));
      for (const u of unicodeSamples) survive(`query.${name}=${u}`, q(u));
    }
    if (enumLike) refuse(`query.${name} unknown value`, q('definitely-not-a-choice'));
    if (types.has('number') || types.has('integer')) {
      for (const n of [
        'abc',
        'NaN',
        'Infinity',
        '-Infinity',
        '1e309',
        '-99999999999',
        '99999999999999999999',
      ])
        refuse(`query.${name}=${n}`, q(n));
    }
  }
  survive('query: __proto__ and constructor keys', {
    ...base,
    query: {
      ...base.query,
      ...Object.fromEntries([
        ['__proto__', 'x'],
        ['constructor[prototype][admin]', 'true'],
        ['a[b][c]', '1'],
      ]),
    },
  });

  if (op.body) {
    for (const f of fields.filter((x) => x.part === 'body')) {
      for (const [name, value, raw] of bodyFieldValues(f)) {
        const body = withValueAt(base.body, f.path, raw ? '__raw_sentinel__' : value);
        const parts: RequestParts = raw
          ? {
              ...base,
              body: undefined,
              rawBody: JSON.stringify(body).replace(SENTINEL, raw),
              headers: { 'content-type': 'application/json' },
            }
          : { ...base, body };
        refuse(`body.${f.path.join('.')} ${name}`, parts);
      }
      const str = stringSchemaOf(f.schema);
      if (str && !str.enum && !str.format && !str.pattern) {
        for (const u of unicodeSamples)
          survive(`body.${f.path.join('.')}=${u}`, { ...base, body: withValueAt(base.body, f.path, u) });
      }
    }
    const json = (rawBody: string, contentType = 'application/json') => ({
      ...base,
      body: undefined,
      rawBody,
      headers: { 'content-type': contentType },
    });
    const text = JSON.stringify(base.body);
    refuse('body: none', { ...base, body: undefined });
    for (const raw of [
      '',
      'null',
      '[]',
      '"a string"',
      '12345',
      'true',
      '{',
      '{"a":',
      '{"a" 1}',
      "{'a':1}",
      'NaN',
      '\u0000',
      '['.repeat(10_000),
      `${'['.repeat(5000)}${']'.repeat(5000)}`,
    ]) {
      refuse(`body raw ${JSON.stringify(raw.slice(0, 12))}`, json(raw));
    }
    refuse('body: __proto__ key', json(text.replace(/^\{/, '{"__proto__":{"role":"admin","isAdmin":true},')));
    refuse(
      'body: constructor.prototype key',
      json(text.replace(/^\{/, '{"constructor":{"prototype":{"role":"admin"}},')),
    );
    refuse('body: 1 MB string', { ...base, body: { ...(base.body as object), huge: MEGABYTE } });
    refuse('body: as text/plain', json(text, 'text/plain'));
    refuse('body: as application/xml', json('<a>1</a>', 'application/xml'));
    refuse('body: JSON as multipart without boundary', json(text, 'multipart/form-data'));
    refuse('body: JSON with a bogus charset', json(text, 'application/json; charset=utf-7'));
    survive('body: extra fields', {
      ...base,
      body: { ...(base.body as object), isAdmin: true, role: 'admin', constructor: 'x', prototype: 'y' },
    });
    survive(
      'body: JSON as urlencoded',
      json(new URLSearchParams({ a: '1' }).toString(), 'application/x-www-form-urlencoded'),
    );
  } else if (op.takesMultipart) {
    // Body-less POSTs (actions such as /reports/:id/dismiss) may ignore a body; uploads refuse these.
    survive('multipart: empty form', {
      ...base,
      ...(() => {
        const m = multipart({});
        return { rawBody: m.payload, headers: m.headers };
      })(),
    });
    survive('multipart: JSON instead', { ...base, body: { image: 'x' } });
    survive('multipart: broken boundary', {
      ...base,
      rawBody: '--x\r\ngarbage',
      headers: { 'content-type': 'multipart/form-data; boundary=x' },
    });
  } else if (op.method !== 'GET') {
    survive('unexpected JSON body', {
      ...base,
      rawBody: '{"__proto__":{"role":"admin"},"role":"admin"}',
      headers: { 'content-type': 'application/json' },
    });
  }
  return variants;
}

// ---------------------------------------------------------------------------------------------
// Tokens that must not get anyone in.

const b64url = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');
const uidOf = (actor: Actor) =>
  (JSON.parse(Buffer.from(actor.token.split('.')[1] ?? '', 'base64url').toString()) as { user_id: string })
    .user_id;

function idTokenClaims(uid: string, email: string, projectId: string, expiresIn = 3600) {
  const now = Math.floor(Date.now() / 1000);
  return {
    iss: `https://securetoken.google.com/${projectId}`,
    aud: projectId,
    // Not before the account's creation: in emulator mode firebase-admin looks the user up and
    // treats a token older than the account's valid-since time as revoked.
    auth_time: now,
    user_id: uid,
    sub: uid,
    iat: now,
    exp: now + expiresIn,
    email,
    email_verified: true,
    firebase: { identities: { email: [email] }, sign_in_provider: 'password' },
  };
}
const unsigned = (claims: object) => `${b64url({ alg: 'none', typ: 'JWT' })}.${b64url(claims)}.`;
function signedWithStrangersKey(claims: object) {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const head = `${b64url({ alg: 'RS256', typ: 'JWT', kid: 'not-a-google-key' })}.${b64url(claims)}`;
  const signature = createSign('RSA-SHA256').update(head).sign(privateKey).toString('base64url');
  return `${head}.${signature}`;
}

let forged: [string, string][] | undefined;
function forgedTokens(): [string, string][] {
  forged ??= makeForgedTokens();
  return forged;
}
function makeForgedTokens(): [string, string][] {
  const admin = fx.actors.admin;
  const project = ctx.config.firebaseProjectId;
  const adminClaims = idTokenClaims(uidOf(admin), admin.email, project);
  return [
    [
      "unsigned, for another project, with the admin's uid",
      unsigned(idTokenClaims(uidOf(admin), admin.email, 'demo-another-project')),
    ],
    [
      "unsigned, expired an hour ago, with the admin's uid",
      unsigned(idTokenClaims(uidOf(admin), admin.email, project, -3600)),
    ],
    ['RS256 signed by a stranger’s key', signedWithStrangersKey(adminClaims)],
    ['no subject', unsigned({ ...adminClaims, sub: '' })],
    ['garbage segments', 'eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0.###'],
    ['an API token with a bad signature', `sbat.${b64url({ sub: uidOf(admin), email: admin.email })}.AAAA`],
  ];
}

// ---------------------------------------------------------------------------------------------

async function hit(op: ApiOperation, variant: Variant, role: RoleName, token?: string) {
  const actor = role === 'anonymous' ? null : fx.actors[role];
  const res = await send(ctx.app, op, variant.parts, actor, {
    ...(token ? { token } : {}),
    ...(variant.rawUrl ? { rawUrl: variant.rawUrl } : {}),
  });
  tally.requests += 1;
  const what = `${op.key} ${variant.name} as ${token ? 'a forged token' : role} → ${res.statusCode}`;
  if (res.statusCode >= 500) tally.serverErrors.push(`${what} ${res.body.slice(0, 200)}`);
  const refusedRole = token !== undefined || !roleAllowed(op.access, role);
  if (refusedRole && res.statusCode < 300) tally.refusedRoleSuccesses.push(what);
  if (!refusedRole && variant.expect === 'refuse' && (res.statusCode < 400 || res.statusCode >= 500)) {
    tally.hostileInputAccepted.push(what);
  }
  return res;
}

describe('attack suite generated from the OpenAPI document', () => {
  it('sends hostile requests to every operation as every role', async () => {
    expect(operations.length).toBeGreaterThan(30);
    for (const op of operations) {
      const refused = roleNames.filter((r) => !roleAllowed(op.access, r));
      const plans = roleNames.map((role) => {
        const actor = role === 'anonymous' ? null : fx.actors[role];
        const base = validRequest(op, fx, actor);
        return { role, base, variants: variantsFor(op, base) };
      });
      // One batch per operation: everything in it must be refused, so no row may change.
      await refusedBatch(op.key, async () => {
        for (const { role, base, variants } of plans) {
          if (refused.includes(role)) {
            // Turned away before the input is read: the valid request and a quarter of the variants.
            await hit(op, { name: 'valid request', parts: base, expect: 'refuse' }, role);
            for (const variant of variants.filter((_, i) => i % 4 === roleNames.indexOf(role) % 4))
              await hit(op, variant, role);
          } else {
            // Every variant as the first allowed role; alternate halves as the others (same code path,
            // so the run stays short while each role still meets every kind of variant across routes).
            const rank = plans.filter((p) => !refused.includes(p.role)).findIndex((p) => p.role === role);
            const mustRefuse = variants.filter((v) => v.expect === 'refuse');
            for (const variant of mustRefuse.filter((_, i) => rank === 0 || i % 2 === rank % 2))
              await hit(op, variant, role);
          }
        }
      });
      // Input that may be accepted (unicode within limits, extra keys): once, as the first allowed role.
      const allowed = plans.find(({ role }) => !refused.includes(role));
      if (!allowed) continue;
      for (const variant of allowed.variants.filter((v) => v.expect === 'survive'))
        await hit(op, variant, allowed.role);
    }
  }, 300_000);

  it('refuses forged tokens on every operation that needs one', async () => {
    const guarded = operations.filter((op) => op.access !== 'public');
    expect(guarded.length).toBeGreaterThan(15);
    await refusedBatch('forged tokens', async () => {
      for (const op of guarded) {
        for (const [name, token] of forgedTokens()) {
          const res = await hit(
            op,
            { name: `token ${name}`, parts: validRequest(op, fx, fx.actors.admin), expect: 'refuse' },
            'admin',
            token,
          );
          expect(`${op.key} ${name} → ${res.statusCode}`).toBe(`${op.key} ${name} → 401`);
        }
      }
    });
  });

  it('accepts an unsigned token for a real uid in emulator mode only (production refuses emulator mode)', async () => {
    // The Auth Emulator's own ID tokens are unsigned (alg: none), so firebase-admin in emulator mode
    // skips the signature: anyone who can reach an API in emulator mode can act as any uid. That is
    // why production refuses to start with an emulator host configured (api/README.md), and why
    // the same token is refused as soon as the emulator is not configured.
    const buyer = fx.actors.buyer;
    const token = unsigned(idTokenClaims(uidOf(buyer), buyer.email, ctx.config.firebaseProjectId));
    const inEmulator = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/dashboard/summary',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(`${inEmulator.statusCode} ${inEmulator.body}`).toMatch(/^200 /);
    const saved = process.env.FIREBASE_AUTH_EMULATOR_HOST;
    delete process.env.FIREBASE_AUTH_EMULATOR_HOST;
    try {
      await expect(ctx.app.deps.auth.verifyIdToken(token)).rejects.toMatchObject({
        code: 'auth/argument-error',
      });
    } finally {
      process.env.FIREBASE_AUTH_EMULATOR_HOST = saved;
    }
  });

  it('serves no file outside the image folder, however the path is encoded', async () => {
    const paths = [
      '..%2f..%2f..%2fpackage.json',
      '..%2F..%2F..%2Fetc%2Fpasswd',
      '%2e%2e%2f%2e%2e%2fpackage.json',
      '%252e%252e%252fpackage.json',
      '..%5c..%5cpackage.json',
      '....//....//package.json',
      '%c0%ae%c0%ae%2fpackage.json',
      '..%00.webp',
      '%00',
      'x.webp%00.png',
      '.%2e/.%2e/package.json',
      '%2fetc%2fpasswd',
      'a'.repeat(5000),
      '%',
      '%zz',
      '😀.webp',
    ];
    const images = operations.find((op) => op.key === 'POST /api/v1/images');
    expect(images).toBeDefined();
    await refusedBatch('image path traversal', async () => {
      for (const p of paths) {
        for (const prefix of ['/api/v1/images/', '/api/v1/images/..', '/api/v1/images/../../']) {
          const res = await ctx.app.inject({ method: 'GET', url: `${prefix}${p}` });
          tally.requests += 1;
          if (res.statusCode >= 500)
            tally.serverErrors.push(`GET ${prefix}${p} → ${res.statusCode} ${res.body.slice(0, 200)}`);
          expect(res.body).not.toMatch(/"name":\s*"api"|root:x:0:0/);
          expect(`${prefix}${p} → ${res.statusCode}`).toMatch(/ → 4\d\d$/);
        }
      }
    });
  });

  it('refuses pixel floods and other hostile images with a 4xx, writing nothing', async () => {
    const images = operations.find((op) => op.key === 'POST /api/v1/images') as ApiOperation;
    const pngFlood = await pixelFloodPng(30_000, 30_000);
    const webpFlood = webpDeclaring(16_383, 16_383);
    const tiny = await sharp({ create: { width: 2, height: 2, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    const bodies: [string, Buffer, string][] = [
      ['PNG declaring 30000×30000', pngFlood, 'image/png'],
      ['PNG declaring 2^31-1 × 1', await pixelFloodPng(2 ** 31 - 1, 1), 'image/png'],
      ['WebP declaring 16383×16383', webpFlood, 'image/webp'],
      ['PNG header only', tiny.subarray(0, 33), 'image/png'],
      ['PNG cut in half', tiny.subarray(0, Math.floor(tiny.length / 2)), 'image/png'],
      ['PNG magic then garbage', Buffer.concat([tiny.subarray(0, 8), Buffer.alloc(4096, 0xff)]), 'image/png'],
      ['HTML named .png', Buffer.from('<script>alert(1)</script>'), 'image/png'],
      ['SVG', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'), 'image/svg+xml'],
      ['empty file', Buffer.alloc(0), 'image/png'],
      ['6 MB of zeros', Buffer.alloc(6 * 1024 * 1024), 'image/png'],
    ];
    await refusedBatch('hostile images', async () => {
      for (const role of roleNames) {
        for (const [name, data, contentType] of bodies) {
          const form = multipart({}, { field: 'image', filename: 'x.png', contentType, data });
          const res = await hit(
            images,
            {
              name,
              parts: {
                params: {},
                query: {},
                rawBody: form.payload,
                headers: form.headers,
              },
              expect: 'refuse',
            },
            role,
          );
          expect(`${name} as ${role} → ${res.statusCode}`).toMatch(/ → 4\d\d$/);
        }
      }
    });
  }, 120_000);

  it('prints and asserts 0 / 0 / 0', () => {
    const summary = [
      `attack suite: ${tally.requests} hostile requests over ${operations.length} operations × ${roleNames.length} roles`,
      `  responses >= 500:                     ${tally.serverErrors.length}`,
      `  2xx for refused roles/forged tokens:  ${tally.refusedRoleSuccesses.length}`,
      `  rows changed by refused requests:     ${tally.rowsChangedByRefused}`,
      `  (hostile input accepted from allowed roles: ${tally.hostileInputAccepted.length})`,
    ].join('\n');
    console.log(summary);
    if (process.env.ATTACK_DEBUG) writeFileSync(process.env.ATTACK_DEBUG, JSON.stringify(tally, null, 1));
    expect(tally.requests).toBeGreaterThanOrEqual(2000);
    expect(tally.serverErrors).toEqual([]);
    expect(tally.refusedRoleSuccesses).toEqual([]);
    expect(tally.rowChanges).toEqual([]);
    expect(tally.rowsChangedByRefused).toBe(0);
    expect(tally.hostileInputAccepted).toEqual([]);
  });
});

// ---------------------------------------------------------------------------------------------
// Decompression bombs: a few hundred bytes that declare a huge canvas.

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(buf: Buffer) {
  let c = 0xffffffff;
  for (const byte of buf) c = (CRC_TABLE[(c ^ byte) & 0xff] as number) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function pngChunk(type: string, data: Buffer) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}
/** A valid PNG header declaring width × height grey pixels, with a few rows of zlib data. */
async function pixelFloodPng(width: number, height: number) {
  const { deflateSync } = await import('node:zlib');
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 0, 0, 0, 0], 8); // 8-bit greyscale
  const rows = deflateSync(Buffer.alloc(Math.min(width + 1, 1 << 20) * 4));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', rows),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}
/** A lossless WebP (VP8L) header declaring width × height, followed by nothing useful. */
function webpDeclaring(width: number, height: number) {
  const vp8l = Buffer.alloc(5 + 64);
  vp8l[0] = 0x2f;
  const bits = ((width - 1) & 0x3fff) | (((height - 1) & 0x3fff) << 14);
  vp8l.writeUInt32LE(bits >>> 0, 1);
  const chunk = Buffer.concat([Buffer.from('VP8L'), Buffer.from(Uint32Array.of(vp8l.length).buffer), vp8l]);
  return Buffer.concat([
    Buffer.from('RIFF'),
    Buffer.from(Uint32Array.of(4 + chunk.length).buffer),
    Buffer.from('WEBP'),
    chunk,
  ]);
}

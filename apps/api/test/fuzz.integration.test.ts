import { randomInt, randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userRoles, users } from '../src/db/schema/auth.ts';
import { signAccessToken } from '../src/plugins/auth.ts';
import { buildTestApp, type TestApp } from './helpers/test-app.ts';
import { databaseKinds } from './helpers/test-database.ts';

/*
 * Issue 14 item 9: every operation of the published OpenAPI document, fed bad inputs (missing,
 * wrong types, nulls, huge, control characters, SQL-like and HTML strings, malformed JSON, wrong
 * content types, bad tokens). No answer may be a 5xx, and every 4xx must say in plain words what is
 * wrong: a JSON `message`, not a validator's raw text.
 */

type Schema = {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  minimum?: number;
  exclusiveMinimum?: boolean | number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  format?: string;
  default?: unknown;
};
type Parameter = { in: 'query' | 'path' | 'header'; name: string; required?: boolean; schema?: Schema };
type Operation = {
  operationId?: string;
  security?: unknown[];
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
};
type Doc = { paths: Record<string, Record<string, Operation>> };

/** A plausible valid value for a schema, so that one bad field at a time reaches deep validation and the database. */
function sample(schema: Schema | undefined, depth = 0): unknown {
  if (!schema || depth > 6) return 'a';
  if (schema.const !== undefined) return schema.const;
  if (schema.enum?.length) return schema.enum.find((v) => v !== '' && v !== null) ?? schema.enum[0];
  if (schema.default !== undefined) return schema.default;
  const choice = schema.anyOf ?? schema.oneOf;
  if (choice?.length) return sample(choice.find((s) => s.type !== 'null') ?? choice[0], depth + 1);
  if (schema.allOf?.length) return Object.assign({}, ...schema.allOf.map((s) => sample(s, depth + 1)));
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  switch (type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [name, prop] of Object.entries(schema.properties ?? {})) out[name] = sample(prop, depth + 1);
      return out;
    }
    case 'array':
      return Array.from({ length: Math.max(schema.minItems ?? 0, 1) }, () => sample(schema.items, depth + 1));
    case 'integer':
    case 'number': {
      const min = typeof schema.minimum === 'number' ? schema.minimum + (schema.exclusiveMinimum ? 1 : 0) : 1;
      return Math.max(min, Math.min(schema.maximum ?? 1000, 1000));
    }
    case 'boolean':
      return true;
    case 'string':
      switch (schema.format) {
        case 'email':
          return `fuzz-${randomInt(1e9)}@example.in`;
        case 'uuid':
          return randomUUID();
        case 'date':
          return '2026-12-01';
        case 'date-time':
          return '2026-12-01T10:00:00.000Z';
        case 'uri':
          return 'https://example.in/x';
        default:
          return 'a'.repeat(Math.max(schema.minLength ?? 1, 8));
      }
    default:
      return 'a';
  }
}

/** Values that have crashed or confused real servers. */
const HOSTILE: unknown[] = [
  null,
  0,
  -1,
  1.5,
  1e308,
  9007199254740993,
  true,
  '',
  ' ',
  'x'.repeat(100_000),
  '\u0000',
  'a\u0000b',
  'line\u0007bell',
  '\u001b[31mred',
  "' OR 1=1 --",
  "'; DROP TABLE users; --",
  '<script>alert(1)</script>',
  '${7*7}{{7*7}}',
  '../../../etc/passwd',
  '😀'.repeat(500),
  '\ud800',
  'NaN',
  '-0',
  '2026-02-30',
  {},
  [],
  [null],
  { $gt: '' },
  Array.from({ length: 5000 }, () => 'a'),
];

/** Path and query values (always text on the wire). */
const HOSTILE_TEXT = [
  '',
  '%00',
  'a%00b',
  '%07',
  '%27%20OR%201%3D1%20--',
  '%3Cscript%3E',
  'x'.repeat(5000),
  '-1',
  '1e308',
  '99999999999999999999999',
  'null',
  '%F0%9F%98%80',
  '..%2F..%2Fetc%2Fpasswd',
  '%ZZ',
  '00000000-0000-0000-0000-000000000000',
  'not-a-uuid',
];

const RAW_VALIDATOR_TEXT = [
  /is not a valid url component/,
  /exceeding the max param length/,
  /Invalid input/i,
  /expected \w+, received/i,
  /Too (big|small)/i,
  /[<>]=\d/,
  /invalid_type|invalid_union|too_big|too_small/,
  /Unrecognized key/i,
];

type Problem = { request: string; status: number; body: string };

describe.each(databaseKinds)('fuzzing every operation of the OpenAPI document on %s', (kind) => {
  let t: TestApp;
  let doc: Doc;
  let token: string;
  const problems: Problem[] = [];
  let sent = 0;
  const messages = new Set<string>();

  beforeAll(async () => {
    t = await buildTestApp(kind, { env: { ADDRESS_RATE_LIMIT_FACTOR: '1000', SUBMISSION_LIMIT: '100000', JOBS_WORKER: 'false' } });
    doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as Doc;
    // A real account with every role, so that bad input reaches the handlers behind sign-in and roles.
    const [u] = await t.db.database.db.insert(users).values({ username: 'fuzzer', email: 'fuzzer@example.in' }).returning();
    await t.db.database.db.insert(userRoles).values([
      { userId: u.id, role: 'admin' },
      { userId: u.id, role: 'counsellor' },
    ]);
    token = await signAccessToken(t.config, { id: u.id, username: u.username, email: u.email });
  });
  afterAll(() => t.close());

  async function send(method: string, url: string, opts: { body?: string | Buffer; contentType?: string; auth?: string | null; label: string }): Promise<void> {
    sent++;
    const headers: Record<string, string> = {};
    if (opts.contentType) headers['content-type'] = opts.contentType;
    if (opts.auth) headers.authorization = opts.auth;
    const res = await t.app.inject({
      method: method as 'GET',
      url,
      headers,
      payload: opts.body,
      remoteAddress: `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`,
    });
    const request = `${method} ${url.slice(0, 160)} ${opts.label}`;
    if (res.statusCode >= 500) return void problems.push({ request, status: res.statusCode, body: res.body.slice(0, 300) });
    if (res.statusCode < 400) return;
    let message: unknown;
    try {
      message = (res.json() as { message?: unknown }).message;
    } catch {
      return void problems.push({ request, status: res.statusCode, body: `not JSON: ${res.body.slice(0, 200)}` });
    }
    if (typeof message === 'string') messages.add(`${res.statusCode} ${message}`);
    if (typeof message !== 'string' || message.trim() === '' || RAW_VALIDATOR_TEXT.some((re) => re.test(message as string))) {
      problems.push({ request, status: res.statusCode, body: res.body.slice(0, 300) });
    }
  }

  it('answers every bad input with a 4xx that says what to fix, never a 5xx', async () => {
    const operations = Object.entries(doc.paths).flatMap(([p, ops]) => Object.entries(ops).map(([m, op]) => ({ path: p, method: m.toUpperCase(), op })));
    expect(operations.length).toBeGreaterThanOrEqual(17);

    for (const { path: template, method, op } of operations) {
      const params = op.parameters ?? [];
      const pathParams = params.filter((p) => p.in === 'path');
      const queryParams = params.filter((p) => p.in === 'query');
      const bodySchema = op.requestBody?.content?.['application/json']?.schema;
      const auth = op.security ? `Bearer ${token}` : null;
      const validPath = () => pathParams.reduce((u, p) => u.replace(`{${p.name}}`, encodeURIComponent(String(sample(p.schema)))), template);
      const validQuery = () => queryParams.map((p) => `${p.name}=${encodeURIComponent(String(sample(p.schema)))}`).join('&');
      const url = (pathPart: string, query: string) => (query ? `${pathPart}?${query}` : pathPart);
      const validBody = bodySchema ? sample(bodySchema) : undefined;
      const json = (v: unknown) => JSON.stringify(v);

      // Bad tokens on every operation that needs one.
      if (op.security) {
        const forged = await new SignJWT({ username: 'x', email: 'x@example.in', sid: randomUUID() })
          .setProtectedHeader({ alg: 'HS256' })
          .setSubject(randomUUID())
          .setExpirationTime('1h')
          .sign(new TextEncoder().encode('not-the-server-secret-not-the-server-secret'));
        const unsigned = `${Buffer.from('{"alg":"none"}').toString('base64url')}.${Buffer.from(JSON.stringify({ sub: 'x', exp: 9e9 })).toString('base64url')}.`;
        for (const bad of [
          null,
          'Bearer',
          'Bearer abc',
          `Bearer ${forged}`,
          `Bearer ${unsigned}`,
          `Basic ${Buffer.from('a:b').toString('base64')}`,
          'Bearer \u0000',
        ]) {
          await send(method, url(validPath(), validQuery()), {
            body: validBody === undefined ? undefined : json(validBody),
            contentType: 'application/json',
            auth: bad,
            label: `token ${String(bad).slice(0, 20)}`,
          });
        }
      }

      // Path parameters.
      for (const p of pathParams) {
        for (const v of HOSTILE_TEXT) {
          const pathPart = pathParams.reduce((u, q) => u.replace(`{${q.name}}`, q === p ? v : encodeURIComponent(String(sample(q.schema)))), template);
          await send(method, url(pathPart, validQuery()), {
            body: validBody === undefined ? undefined : json(validBody),
            contentType: 'application/json',
            auth,
            label: `path ${p.name}=${v.slice(0, 30)}`,
          });
        }
      }
      // Query parameters: each bad in turn, repeated, and missing.
      for (const p of queryParams) {
        for (const v of [...HOSTILE_TEXT, '__missing__', '__repeated__']) {
          const query = queryParams
            .flatMap((q) => {
              if (q !== p) return [`${q.name}=${encodeURIComponent(String(sample(q.schema)))}`];
              if (v === '__missing__') return [];
              if (v === '__repeated__') return [`${q.name}=a`, `${q.name}=b`];
              return [`${q.name}=${v}`];
            })
            .join('&');
          await send(method, url(validPath(), query), { auth, label: `query ${p.name}=${v.slice(0, 30)}` });
        }
      }
      // Whole bodies: none, malformed, wrong types, wrong content types, too large.
      if (method !== 'GET') {
        const target = url(validPath(), validQuery());
        const bodies: { body?: string | Buffer; contentType?: string; label: string }[] = [
          { label: 'no body' },
          { body: '', contentType: 'application/json', label: 'empty JSON body' },
          { body: 'null', contentType: 'application/json', label: 'null body' },
          { body: '[]', contentType: 'application/json', label: 'array body' },
          { body: '"text"', contentType: 'application/json', label: 'string body' },
          { body: '42', contentType: 'application/json', label: 'number body' },
          { body: '{"a":', contentType: 'application/json', label: 'malformed JSON' },
          { body: '{"__proto__":{"admin":true},"constructor":{"prototype":{"x":1}}}', contentType: 'application/json', label: 'prototype keys' },
          { body: 'a=1&b=2', contentType: 'application/x-www-form-urlencoded', label: 'form body' },
          { body: '<a>1</a>', contentType: 'application/xml', label: 'XML body' },
          { body: 'hello', contentType: 'text/plain', label: 'text body' },
          { body: Buffer.from([0xff, 0xfe, 0x00, 0x01]), contentType: 'application/octet-stream', label: 'binary body' },
          { body: JSON.stringify({ pad: 'x'.repeat(400_000) }), contentType: 'application/json', label: 'huge body' },
          { body: '{"a":"\\ud800"}', contentType: 'application/json', label: 'lone surrogate' },
          { body: `${'['.repeat(5000)}${']'.repeat(5000)}`, contentType: 'application/json', label: 'deep nesting' },
        ];
        if (validBody !== undefined) bodies.push({ body: json(validBody), contentType: 'application/json; charset=latin1', label: 'odd charset' });
        for (const b of bodies) await send(method, target, { ...b, auth });
      }
      // One field at a time: missing, then each hostile value; nested objects and list items too.
      if (bodySchema && validBody && typeof validBody === 'object' && !Array.isArray(validBody)) {
        const target = url(validPath(), validQuery());
        const fields = fieldPaths(bodySchema);
        for (const field of fields) {
          await send(method, target, {
            body: json(withField(validBody, field, undefined)),
            contentType: 'application/json',
            auth,
            label: `${field.join('.')} missing`,
          });
          for (const v of HOSTILE) {
            await send(method, target, {
              body: json(withField(validBody, field, v)),
              contentType: 'application/json',
              auth,
              label: `${field.join('.')}=${JSON.stringify(v)?.slice(0, 30)}`,
            });
          }
        }
        await send(method, target, { body: json({ ...validBody, unexpected: '\u0000' }), contentType: 'application/json', auth, label: 'unknown field' });
      }
    }

    expect(sent).toBeGreaterThan(1000);
    if (process.env.FUZZ_REPORT) writeFileSync(process.env.FUZZ_REPORT, JSON.stringify({ sent, problems, messages: [...messages].sort() }, null, 1));
    // All problems at once, so one run shows every endpoint that needs work.
    expect(problems, `${problems.length} of ${sent} answers were 5xx or unclear 4xx`).toEqual([]);
  });
});

/** Paths to every property of a body schema, one level into nested objects and arrays of objects. */
function fieldPaths(schema: Schema, prefix: (string | number)[] = [], depth = 0): (string | number)[][] {
  const out: (string | number)[][] = [];
  for (const [name, prop] of Object.entries(schema.properties ?? {})) {
    const here = [...prefix, name];
    out.push(here);
    if (depth >= 2) continue;
    const type = Array.isArray(prop.type) ? prop.type.find((x) => x !== 'null') : prop.type;
    if (type === 'object' && prop.properties) out.push(...fieldPaths(prop, here, depth + 1));
    if (type === 'array' && prop.items) {
      out.push([...here, 0]);
      if (prop.items.properties) out.push(...fieldPaths(prop.items, [...here, 0], depth + 1));
    }
  }
  return out;
}

function withField(base: unknown, field: (string | number)[], value: unknown): unknown {
  const copy = structuredClone(base) as Record<string | number, unknown>;
  let node = copy;
  for (const key of field.slice(0, -1)) {
    if (node[key] === null || typeof node[key] !== 'object') node[key] = typeof field[field.indexOf(key) + 1] === 'number' ? [] : {};
    node = node[key] as Record<string | number, unknown>;
  }
  const last = field[field.length - 1];
  if (value === undefined) delete node[last];
  else node[last] = value;
  return copy;
}

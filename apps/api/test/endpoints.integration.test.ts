import { readdirSync } from 'node:fs';
import path from 'node:path';
import { defineEndpoints, type Endpoint } from '@rankwise/contract/endpoint';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { route } from '../src/lib/route.ts';
import { authPlugin, signAccessToken } from '../src/plugins/auth.ts';
import { dbPlugin } from '../src/plugins/db.ts';
import { errorsPlugin } from '../src/plugins/errors.ts';
import { users } from '../src/db/schema/auth.ts';
import { buildTestApp, testConfig, type TestApp } from './helpers/test-app.ts';
import { createTestDatabase, databaseKinds, type TestDatabase } from './helpers/test-database.ts';

/** Every `*Endpoints` declaration exported by the contract package, found by reading its folder. */
async function contractEndpoints(): Promise<Endpoint[]> {
  const dir = path.resolve(import.meta.dirname, '../../../packages/contract/src');
  const found: Endpoint[] = [];
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))) {
    const mod = (await import(path.join(dir, file))) as Record<string, unknown>;
    for (const [name, value] of Object.entries(mod)) if (name.endsWith('Endpoints')) found.push(...Object.values(value as Record<string, Endpoint>));
  }
  return found;
}

describe.each(databaseKinds)('declared endpoints on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind);
  });
  afterAll(() => t.close());

  it('registers every API route from a contract declaration, and every declaration as a route', async () => {
    const declared = await contractEndpoints();
    expect(declared.length).toBeGreaterThan(10);
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as { paths: Record<string, Record<string, { operationId?: string }>> };
    const published = Object.entries(doc.paths).flatMap(([p, ops]) =>
      Object.entries(ops).map(([method, op]) => ({ key: `${method.toUpperCase()} ${p}`, id: op.operationId })),
    );
    // Each route under /api/v1 carries its endpoint's id: none was registered by hand.
    expect(published.filter((r) => r.key.includes(' /api/v1/') && !r.id)).toEqual([]);
    const expected = declared.map((e) => ({ key: `${e.method} /api/v1${e.path}`, id: e.id }));
    expect(published.filter((r) => r.key.includes(' /api/v1/')).sort((a, b) => a.key.localeCompare(b.key))).toEqual(
      expected.sort((a, b) => a.key.localeCompare(b.key)),
    );
  });
});

describe.each(databaseKinds)('endpoint access on %s', (kind) => {
  const testEndpoints = defineEndpoints('test', {
    adminOnly: {
      method: 'GET',
      path: '/admin-only/{id}',
      summary: 'test',
      access: { role: 'admin' },
      params: z.object({ id: z.string() }),
      responses: { 200: z.object({ id: z.string() }) },
    },
    created: {
      method: 'POST',
      path: '/created',
      summary: 'test',
      access: 'user',
      body: z.object({ n: z.number() }),
      responses: { 201: z.object({ n: z.number() }) },
    },
  });
  const config = testConfig();
  let db: TestDatabase;
  let app: ReturnType<typeof Fastify>;
  let token: string;
  let userId: string;

  beforeAll(async () => {
    db = await createTestDatabase(kind);
    app = Fastify();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    await app.register(errorsPlugin);
    await app.register(dbPlugin, { config, database: db.database });
    await app.register(authPlugin, { config });
    route(app, testEndpoints.adminOnly, async ({ params }) => ({ id: params.id }));
    route(app, testEndpoints.created, async ({ body }) => ({ n: body.n }));
    await app.ready();
    const [u] = await db.database.db.insert(users).values({ username: 'role-test', email: 'role-test@example.com' }).returning();
    userId = u.id;
    token = await signAccessToken(config, { id: u.id, username: u.username, email: u.email });
  });
  afterAll(async () => {
    await app.close();
    await db.drop();
  });

  const get = (auth?: string) => app.inject({ method: 'GET', url: '/admin-only/x%2Fy', headers: auth ? { authorization: `Bearer ${auth}` } : {} });

  it('refuses a role endpoint to a visitor (401) and to a user without the role (403), and admits the role holder', async () => {
    expect((await get()).statusCode).toBe(401);
    const forbidden = await get(token);
    expect([forbidden.statusCode, forbidden.json().code]).toEqual([403, 'FORBIDDEN']);
    await app.roles.grant(userId, 'admin');
    const ok = await get(token);
    expect([ok.statusCode, ok.json()]).toEqual([200, { id: 'x/y' }]);
    await app.roles.revoke(userId, 'admin');
    expect((await get(token)).statusCode).toBe(403);
  });

  it('answers with the declared success status and validates the declared body', async () => {
    const headers = { authorization: `Bearer ${token}` };
    const ok = await app.inject({ method: 'POST', url: '/created', headers, payload: { n: 3 } });
    expect([ok.statusCode, ok.json()]).toEqual([201, { n: 3 }]);
    const bad = await app.inject({ method: 'POST', url: '/created', headers, payload: { n: 'three' } });
    expect([bad.statusCode, bad.json().code]).toEqual([400, 'VALIDATION_FAILED']);
  });
});

/**
 * The product as the browser tests see it: the real app (built SPA + API) on E2E_PORT, a real SMTP
 * server receiving its mail, and a control port for the tests only (received mail, SQL reads).
 * Started by Playwright's webServer; never part of the product.
 */
import { readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { OAuth2Server } from 'oauth2-mock-server';
import { buildApp } from '../../apps/api/src/app.ts';
import { loadConfig } from '../../apps/api/src/config.ts';
import { importMissing } from '../../apps/api/src/data/import-all.ts';
import { silentProgress } from '../../apps/api/src/data/import-context.ts';
import { openDatabase } from '../../apps/api/src/db/client.ts';
import { startCashfreeStandIn } from '../../apps/api/src/dev/cashfree-stand-in.ts';
import { cachedPgliteDump, importedDataKey } from '../../apps/api/test/helpers/imported-data-cache.ts';
import { startSmtpSink } from '../../apps/api/test/helpers/smtp-sink.ts';
import { E2E_CONTROL_PORT, E2E_PORT } from './ports.ts';

const dataFolder = path.resolve(import.meta.dirname, `../.data-e2e-${E2E_PORT}`);
rmSync(dataFolder, { recursive: true, force: true });

const smtp = await startSmtpSink();
// Google's OpenID endpoints cannot be reached from here: a local provider speaking the same protocol.
// It signs in whoever the test names through the control port (POST /google-identity).
const oidc = new OAuth2Server();
await oidc.issuer.keys.generate('RS256');
await oidc.start(0, '127.0.0.1');
let googleIdentity: Record<string, unknown> = {};
// Cashfree cannot be reached from here either: its stand-in, on its own origin as sdk.cashfree.com is.
const cashfree = await startCashfreeStandIn({ clientId: 'rankwise-e2e', clientSecret: 'rankwise-e2e-cashfree-secret' });
oidc.service.on('beforeTokenSigning', (token: { payload: object }) => Object.assign(token.payload, googleIdentity));
const config = loadConfig({
  ...process.env,
  NODE_ENV: 'test',
  PORT: String(E2E_PORT),
  HOST: '127.0.0.1',
  LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
  // Left to its default, http://localhost:<PORT> (auth.spec.ts checks the reset link's origin).
  PUBLIC_URL: '',
  DATA_FOLDER: dataFolder,
  SMTP_URL: smtp.url,
  DATABASE_URL: process.env.E2E_DATABASE_URL ?? '',
  IMPORT_ON_START: 'true',
  GOOGLE_ISSUER: oidc.issuer.url!,
  GOOGLE_CLIENT_ID: 'rankwise-e2e',
  GOOGLE_CLIENT_SECRET: 'e2e-secret',
  CASHFREE_CLIENT_ID: 'rankwise-e2e',
  CASHFREE_CLIENT_SECRET: 'rankwise-e2e-cashfree-secret',
  CASHFREE_API_BASE: cashfree.apiBase,
  CASHFREE_SDK_URL: cashfree.sdkUrl,
  // Every simulated student signs up from 127.0.0.1.
  ADDRESS_RATE_LIMIT_FACTOR: '20',
});

// The data as a first start imports it. The unit run (npm test's step before this one) imported the
// same into PGlite and kept the dump, keyed by everything that decides it (docs/decisions/0038):
// when the key matches, the data folder starts from that dump; otherwise (another database, changed
// data or code, no unit run, E2E_DATA_CACHE=off) the import below does the work. It runs either
// way and finds nothing missing after a load. The first start's own import is tested by
// apps/api/test/server-bundle.integration.test.ts.
const started = performance.now();
const cpuBefore = process.cpuUsage();
const dump = config.DATABASE_URL || process.env.E2E_DATA_CACHE === 'off' ? null : cachedPgliteDump(importedDataKey(config));
if (dump) {
  const loaded = await openDatabase({ pgliteDir: path.join(dataFolder, 'pglite'), loadDataDir: new Blob([readFileSync(dump)]) });
  await loaded.close();
}
const app = await buildApp(config);
const imported = await importMissing({ database: app.database, config, log: (m) => console.log(m), progress: silentProgress });
const cpu = process.cpuUsage(cpuBefore);
console.log(
  `e2e harness: data ${dump ? "loaded from the unit run's import" : `imported (${imported.map((s) => s.name).join(', ') || 'nothing missing'})`} in ` +
    `${((performance.now() - started) / 1000).toFixed(1)} s, ${((cpu.user + cpu.system) / 1e6).toFixed(1)} s of CPU`,
);
await app.listen({ port: E2E_PORT, host: '127.0.0.1' });

const control = http.createServer((req, res) => {
  const reply = (status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  const url = new URL(req.url ?? '/', 'http://localhost');
  if (req.method === 'GET' && url.pathname === '/mails') return reply(200, smtp.mails);
  if (req.method === 'POST' && url.pathname === '/google-identity') {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      googleIdentity = { aud: 'rankwise-e2e', email_verified: true, ...(JSON.parse(body) as object) };
      reply(200, { ok: true });
    });
    return;
  }
  if (req.method === 'POST' && url.pathname === '/grant-role') {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      const { email, role } = JSON.parse(body) as { email: string; role: 'admin' | 'counsellor' };
      app.database.db
        .execute(sql`insert into user_roles (user_id, role) select id, ${role} from users where email = ${email.toLowerCase()} on conflict do nothing`)
        .then(() => reply(200, { ok: true }))
        .catch((err: Error) => reply(400, { error: err.message }));
    });
    return;
  }
  if (req.method === 'POST' && url.pathname === '/sql') {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      const { query } = JSON.parse(body) as { query: string };
      app.database.db
        .execute(sql.raw(query))
        .then((r) => reply(200, { rows: (r as unknown as { rows: unknown[] }).rows }))
        .catch((err: Error) => reply(400, { error: err.message }));
    });
    return;
  }
  return reply(404, { error: 'unknown' });
});
control.listen(E2E_CONTROL_PORT, '127.0.0.1');
console.log(`e2e harness ready on http://127.0.0.1:${E2E_PORT} (${app.database.kind}), control on ${E2E_CONTROL_PORT}`);

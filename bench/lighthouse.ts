/**
 * Lighthouse benchmark (issue 15): the landing page, /start and a visitor's engineering results
 * (the URL the start form produces), on mobile (Lighthouse's default: Moto G Power, slow 4G,
 * 4× CPU, simulated) and desktop, N runs each; prints the medians per page and the JavaScript the
 * landing page loads (every script request, its bytes on the wire and its gzip size).
 *
 *   npm run build && npm run bench:lighthouse       # starts the built app on a fresh PostgreSQL database
 *   npx tsx bench/lighthouse.ts --url http://localhost:3000      # an already running server
 *
 * Options: --url <origin> (skip starting a server)  --runs <n, default 3>  --pages landing,start,results
 *          --form-factors mobile,desktop  --database-url <server URL> (the fresh database is created
 *          there; '' = the embedded PGlite in a temporary folder)  --dist <built web app, default apps/web/dist>
 *          --details (print every audit that is not passed, per page)  --json <file> (the medians)
 * Chromium: CHROME_PATH (default /usr/bin/chromium). Targets: mobile performance ≥ 90 and
 * LCP ≤ 2.5 s on every page, desktop ≥ 98, accessibility ≥ 98, best practices and SEO ≥ 95.
 * Lighthouse's simulated throttling is sensitive to the machine's load: run it alone.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { adminQuery, withDatabase } from '../apps/api/test/helpers/test-database.ts';

const repoRoot = path.resolve(import.meta.dirname, '..');
const { values } = parseArgs({
  options: {
    url: { type: 'string' },
    runs: { type: 'string', default: '3' },
    pages: { type: 'string', default: 'landing,start,results' },
    'form-factors': { type: 'string', default: 'mobile,desktop' },
    'database-url': { type: 'string', default: process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres' },
    dist: { type: 'string', default: path.join(repoRoot, 'apps/web/dist') },
    details: { type: 'boolean', default: false },
    json: { type: 'string' },
  },
});

const PAGES: Record<string, string> = {
  landing: '/',
  start: '/start',
  // What the engineering form navigates to (features/engineering/preferences-url.ts), opened by a visitor.
  results: '/colleges?examType=MAINS&rank=20000&seatType=OPEN&gender=Male&homeState=Maharashtra&sportsFacility=Yes&hostelFacility=Yes&messFacility=Yes',
};
const CHROME_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];
const TARGETS = { mobilePerf: 90, lcpMs: 2500, desktopPerf: 98, a11y: 98, bestPractices: 95, seo: 95 };
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];

type FormFactor = 'mobile' | 'desktop';
type Run = {
  perf: number;
  a11y: number;
  bp: number;
  seo: number;
  lcp: number;
  fcp: number;
  tbt: number;
  cls: number;
  si: number;
  scripts: { url: string; transfer: number }[];
  failing: string[];
};

// ---------------------------------------------------------------------------------------------
// The server: the built app as `npm run serve` starts it, on a fresh database.
// ---------------------------------------------------------------------------------------------

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

async function waitFor(url: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`the server exited with code ${child.exitCode}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 1000));
  }
  throw new Error(`the server did not answer ${url} within ${timeoutMs / 1000} s`);
}

async function startServer(): Promise<{ origin: string; stop(): Promise<void> }> {
  const port = await freePort();
  const serverUrl = values['database-url']!;
  const dbName = serverUrl ? `rankwise_bench_lh_${randomBytes(4).toString('hex')}` : null;
  if (dbName) await adminQuery(serverUrl, `CREATE DATABASE ${dbName}`);
  const dataFolder = mkdtempSync(path.join(os.tmpdir(), 'rankwise-bench-lh-'));
  const started = performance.now();
  const child = spawn('npm', ['run', 'serve', '--silent'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      DATA_FOLDER: dataFolder,
      DATABASE_URL: dbName ? withDatabase(serverUrl, dbName) : '',
      WEB_DIST: path.resolve(values.dist!),
      PUBLIC_URL: `http://localhost:${port}`,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
    detached: true,
  });
  const stop = async () => {
    if (child.exitCode === null && child.pid) {
      process.kill(-child.pid, 'SIGTERM');
      await new Promise((r) => child.once('exit', r));
    }
    if (dbName) await adminQuery(serverUrl, `DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    rmSync(dataFolder, { recursive: true, force: true });
  };
  try {
    console.log(`starting the built app on a fresh ${dbName ? 'PostgreSQL' : 'PGlite'} database (first start imports the data)…`);
    await waitFor(`http://127.0.0.1:${port}/api/v1/health`, child, 600_000);
    console.log(`ready in ${((performance.now() - started) / 1000).toFixed(0)} s`);
  } catch (err) {
    await stop();
    throw err;
  }
  return { origin: `http://localhost:${port}`, stop };
}

// ---------------------------------------------------------------------------------------------
// Lighthouse
// ---------------------------------------------------------------------------------------------

/** Lighthouse now and then fails to record a trace (NO_NAVSTART, NO_FCP on a busy machine): try again. */
async function runOnce(url: string, formFactor: FormFactor): Promise<Run> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await runLighthouse(url, formFactor);
    } catch (err) {
      if (attempt >= 3) throw err;
      console.log(`  (${(err as Error).message}: running again)`);
    }
  }
}

async function runLighthouse(url: string, formFactor: FormFactor): Promise<Run> {
  const chrome = await launch({ chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium', chromeFlags: CHROME_FLAGS, logLevel: 'silent' });
  try {
    const result = await lighthouse(
      url,
      { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: CATEGORIES },
      formFactor === 'desktop' ? desktopConfig : undefined,
    );
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    const { lhr } = result;
    if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    const score = (c: string) => Math.round((lhr.categories[c]?.score ?? 0) * 100);
    const num = (a: string) => lhr.audits[a]?.numericValue ?? NaN;
    const requests =
      (lhr.audits['network-requests']?.details as { items?: { url: string; resourceType?: string; transferSize?: number }[] } | undefined)?.items ?? [];
    // What each audit that is not passed found (its first items), to act on with --details.
    const found = (id: string) =>
      ((lhr.audits[id]?.details as { items?: Record<string, unknown>[] } | undefined)?.items ?? [])
        .slice(0, 3)
        .map((item) => JSON.stringify(item).slice(0, 240));
    const failing = CATEGORIES.filter((c) => c !== 'performance').flatMap((c) =>
      (lhr.categories[c]?.auditRefs ?? [])
        .filter((r) => r.weight > 0 && lhr.audits[r.id]?.score !== null && (lhr.audits[r.id]?.score ?? 1) < 1)
        .map((r) => [`${c}: ${r.id} (${lhr.audits[r.id]?.title})`, ...found(r.id).map((f) => `    ${f}`)].join('\n  ')),
    );
    return {
      perf: score('performance'),
      a11y: score('accessibility'),
      bp: score('best-practices'),
      seo: score('seo'),
      lcp: num('largest-contentful-paint'),
      fcp: num('first-contentful-paint'),
      tbt: num('total-blocking-time'),
      cls: num('cumulative-layout-shift'),
      si: num('speed-index'),
      scripts: requests.filter((r) => r.resourceType === 'Script').map((r) => ({ url: r.url, transfer: r.transferSize ?? 0 })),
      failing,
    };
  } finally {
    chrome.kill();
  }
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const kib = (n: number) => `${(n / 1024).toFixed(1)} KiB`;

async function landingScripts(scripts: { url: string; transfer: number }[]): Promise<void> {
  let gz = 0;
  let raw = 0;
  let wire = 0;
  console.log('\nJavaScript the landing page loads (all its runs together):');
  for (const s of scripts) {
    // fetch() decodes the body whatever the server sent; gzip -9 of it is the comparable size.
    const body = Buffer.from(await (await fetch(s.url)).arrayBuffer());
    const g = gzipSync(body, { level: 9 }).length;
    gz += g;
    raw += body.length;
    wire += s.transfer;
    console.log(
      `  ${new URL(s.url).pathname.padEnd(48)} ${kib(body.length).padStart(10)}  gzip ${kib(g).padStart(9)}  on the wire ${kib(s.transfer).padStart(9)}`,
    );
  }
  console.log(`  total: ${scripts.length} file(s), ${kib(raw)}, gzip ${kib(gz)} (target ≤ 120 KiB), on the wire ${kib(wire)}`);
}

const server = values.url ? null : await startServer();
const origin = (values.url ?? server!.origin).replace(/\/+$/, '');
const runs = Number(values.runs);
const pages = values.pages!.split(',').map((p) => p.trim());
const factors = values['form-factors']!.split(',').map((f) => f.trim() as FormFactor);
const results: Record<string, Partial<Record<FormFactor, Run[]>>> = {};

try {
  for (const page of pages) {
    if (!PAGES[page]) throw new Error(`unknown page '${page}' (known: ${Object.keys(PAGES).join(', ')})`);
    results[page] = {};
    for (const ff of factors) {
      const list: Run[] = [];
      for (let i = 0; i < runs; i++) {
        const r = await runOnce(origin + PAGES[page], ff);
        list.push(r);
        console.log(
          `${page.padEnd(8)} ${ff.padEnd(7)} run ${i + 1}: perf ${r.perf}  LCP ${(r.lcp / 1000).toFixed(2)} s  FCP ${(r.fcp / 1000).toFixed(2)} s  TBT ${r.tbt.toFixed(0)} ms  CLS ${r.cls.toFixed(3)}  SI ${(r.si / 1000).toFixed(2)} s  a11y ${r.a11y}  bp ${r.bp}  seo ${r.seo}`,
        );
      }
      results[page][ff] = list;
    }
  }
  // Every script any landing run saw (a run's record can miss a request now and then).
  const landingRuns = [...(results.landing?.mobile ?? []), ...(results.landing?.desktop ?? [])];
  if (landingRuns.length) await landingScripts([...new Map(landingRuns.flatMap((r) => r.scripts).map((s) => [s.url, s])).values()]);
} finally {
  await server?.stop();
}

// The table of issue 15, medians of the runs.
const m = (page: string, ff: FormFactor, k: keyof Omit<Run, 'scripts' | 'failing'>) => {
  const list = results[page]?.[ff];
  return list?.length ? median(list.map((r) => r[k])) : NaN;
};
// Accessibility, best practices and SEO: the lower of mobile and desktop (they rarely differ).
const lower = (page: string, k: 'a11y' | 'bp' | 'seo') => Math.min(...factors.map((ff) => m(page, ff, k)).filter((v) => !Number.isNaN(v)));
const rows = pages.map((p) => ({
  page: p === 'results' ? '/colleges results' : p === 'start' ? '/start' : 'landing',
  mobilePerf: m(p, 'mobile', 'perf'),
  lcp: m(p, 'mobile', 'lcp'),
  desktopPerf: m(p, 'desktop', 'perf'),
  cls: m(p, 'desktop', 'cls'),
  a11y: lower(p, 'a11y'),
  bp: lower(p, 'bp'),
  seo: lower(p, 'seo'),
}));
const mark = (ok: boolean) => (ok ? '' : ' ✗');
// A form factor not measured (--form-factors) shows as '–'.
const cell = (v: number, text: string, ok: boolean) => (Number.isNaN(v) ? '–' : `${text}${mark(ok)}`);
console.log(`\nLighthouse ${runs} run(s) each, medians (${origin}); ✗ = misses the target`);
console.log('| page | mobile perf | LCP mobile | desktop perf | CLS desktop | accessibility | best practices | SEO |');
console.log('|---|---|---|---|---|---|---|---|');
for (const r of rows) {
  console.log(
    `| ${r.page} | ${cell(r.mobilePerf, String(r.mobilePerf), r.mobilePerf >= TARGETS.mobilePerf)} | ${cell(r.lcp, `${(r.lcp / 1000).toFixed(1)} s`, r.lcp <= TARGETS.lcpMs)} | ${cell(r.desktopPerf, String(r.desktopPerf), r.desktopPerf >= TARGETS.desktopPerf)} | ${cell(r.cls, r.cls.toFixed(2), r.cls <= 0.05)} | ${r.a11y}${mark(r.a11y >= TARGETS.a11y)} | ${r.bp}${mark(r.bp >= TARGETS.bestPractices)} | ${r.seo}${mark(r.seo >= TARGETS.seo)} |`,
  );
}
if (values.details) {
  for (const p of pages)
    for (const ff of factors) {
      const failing = [...new Set((results[p]?.[ff] ?? []).flatMap((r) => r.failing))];
      if (failing.length) console.log(`\n${p} ${ff}: not passed\n  ${failing.join('\n  ')}`);
    }
}
if (values.json) writeFileSync(values.json, JSON.stringify({ origin, runs, rows }, null, 2));

/**
 * Frames of a 300-choice list (issue 23: "300 choices reorder without a dropped frame on a mid-range
 * phone profile"). The built web app and the API (PGlite, engineering data imported once into a
 * folder kept between runs) serve /choices to Debian's Chromium under Playwright: a 390×844 touch
 * viewport with the CPU slowed 4× (CDP Emulation.setCPUThrottlingRate), a signed-in student's list of
 * 300 JoSAA seats. Each reorder (arrow keys on a drag handle, a position typed, a drag with the mouse
 * and with touch) is timed in the page: every requestAnimationFrame gap from the input until the page
 * is still again, and every long task (over 50 ms) in that time. A dropped frame is a gap longer than
 * 1.5 frames (25 ms at 60 Hz); an idle stretch of the same page is the baseline. The outcome request that follows a reorder is answered by the server
 * in between; its rendering is counted too. Rows are found by their place in the whole list
 * (aria-posinset), as the rendered rows are a window that moves with the scroll.
 * On a loaded machine the rAF gaps mostly measure the wait for a core; --cpu-trace adds a Chromium
 * trace of each action and counts the renderer main thread's tasks by their CPU time (the throttle
 * included, the wait for a core not): a task of over 25 ms of CPU drops a frame on any machine.
 * (Tracing costs the page some time of its own: compare traced runs with traced runs.)
 *
 *   npm run build -w apps/web        # once (the bench serves apps/web/dist; WEB_DIST=<folder> serves another build)
 *   npm run bench:choices-frames
 *   npx tsx bench/choices-frames.ts --rate 4 --moves 6 --data-folder /tmp/rankwise-bench-frames [--cpu-trace]
 */
import { existsSync, mkdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { chromium, type CDPSession } from 'playwright';
import { benchEnv } from './timing.ts';

const { values } = parseArgs({
  options: {
    rate: { type: 'string', default: '4' },
    moves: { type: 'string', default: '6' },
    choices: { type: 'string', default: '300' },
    'data-folder': { type: 'string', default: path.join(os.tmpdir(), 'rankwise-bench-frames') },
    // Also trace the renderer's main thread: its tasks' CPU time (the 4× throttle included, as Chromium
    // throttles by keeping the thread busy; the time spent waiting for a core of the loaded machine not).
    'cpu-trace': { type: 'boolean', default: false },
  },
});
const FRAME_MS = 1000 / 60;
const DROPPED_MS = 1.5 * FRAME_MS;

const root = path.resolve(import.meta.dirname, '..');
if (!existsSync(path.join(root, 'apps/web/dist/index.html'))) {
  console.error('apps/web/dist is missing: run `npm run build -w apps/web` first.');
  process.exit(1);
}

const { buildApp } = await import('../apps/api/src/app.ts');
const { loadConfig } = await import('../apps/api/src/config.ts');
const { migrateDatabase, openDatabase } = await import('../apps/api/src/db/client.ts');
const { hasEngineeringData, importEngineering } = await import('../apps/api/src/data/josaa/import-engineering.ts');
const { silentProgress } = await import('../apps/api/src/data/import-context.ts');
const { users } = await import('../apps/api/src/db/schema/auth.ts');
const { hash } = await import('@node-rs/argon2');
const { sql } = await import('drizzle-orm');

const dataFolder = values['data-folder']!;
mkdirSync(dataFolder, { recursive: true });
const config = loadConfig(benchEnv(dataFolder, '', { ADDRESS_RATE_LIMIT_FACTOR: '1000' }));
const database = await openDatabase({ pgliteDir: path.join(dataFolder, 'pglite') });
await migrateDatabase(database);
if (!(await hasEngineeringData(database))) {
  const t0 = performance.now();
  console.log(`importing the engineering data into ${dataFolder} (once; kept for the next runs)…`);
  await importEngineering({ database, config, log: () => {}, progress: silentProgress });
  console.log(`imported in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
}
const app = await buildApp(config, { database });
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

// A student with a password (inserted directly), and a list of 300 real JoSAA seats in a neutral order.
const email = `frames.${Date.now()}@example.in`;
const password = 'bench-frames-Password-1';
await database.db.insert(users).values({ username: `frames_${Date.now()}`, email, passwordHash: await hash(password) });
const n = Number(values.choices);
const seats = (await database.db.execute(
  sql`select id from engineering_reference where scheme = 'josaa' and institute_type <> 'IIT' and seat_type = 'OPEN' and gender = 'Gender-Neutral'
      order by closing_rank, id limit ${n}`,
)) as unknown as { rows: { id: string }[] };

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
});
const focusFollowed: string[] = [];
type Figures = {
  action: string;
  ms: number;
  frames: number;
  dropped: number;
  worstGap: number;
  longTasks: number;
  longTaskMs: number;
  /** With --cpu-trace: the main thread's CPU time, its tasks of over DROPPED_MS of CPU time, and the longest. */
  cpuMs?: number;
  heavyTasks?: number;
  worstTaskMs?: number;
};
type TraceEvent = { name: string; ph: string; pid: number; tid: number; dur?: number; tdur?: number; args?: { name?: string } };
/** The renderer main thread's tasks in a Chromium trace: their CPU time (tdur, µs), which excludes the time the thread waited for a core. */
function mainThreadTasks(trace: Buffer): number[] {
  const events = (JSON.parse(trace.toString('utf8')) as { traceEvents: TraceEvent[] }).traceEvents;
  const main = new Set(events.filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain').map((e) => `${e.pid}:${e.tid}`));
  return events.filter((e) => e.name === 'RunTask' && e.ph === 'X' && main.has(`${e.pid}:${e.tid}`)).map((e) => (e.tdur ?? 0) / 1000);
}
const results: Figures[] = [];
try {
  const context = await browser.newContext({ baseURL: base, viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, deviceScaleFactor: 3 });
  const page = await context.newPage();
  const login = await page.request.post('/api/v1/auth/login', { data: { email, password } });
  if (!login.ok()) throw new Error(`login: ${login.status()} ${await login.text()}`);
  const token = ((await login.json()) as { data: { accessToken: string } }).data.accessToken;
  const made = await page.request.post('/api/v1/choices/lists', {
    headers: { authorization: `Bearer ${token}` },
    data: {
      name: 'Frames',
      counselling: 'JoSAA',
      student: { category: 'OPEN', gender: 'Male', homeState: 'Karnataka', mainRank: 20_000 },
      items: seats.rows.map((r) => ({ id: r.id, note: '' })),
    },
  });
  if (!made.ok()) throw new Error(`list: ${made.status()} ${await made.text()}`);
  const listId = ((await made.json()) as { data: { id: string } }).data.id;

  await page.goto(`/choices?list=${listId}`);
  // A long list renders the rows near the screen only (row-window.ts): each row says its place in the whole list.
  await page.locator(`[data-testid="choice-row"][aria-setsize="${n}"]`).first().waitFor({ timeout: 120_000 });
  await page.getByTestId('outcome-percent').first().filter({ hasText: '%' }).waitFor({ timeout: 120_000 });
  await page.locator('[data-testid="choice-list"]:not([data-pending])').waitFor({ timeout: 120_000 });
  const cdp: CDPSession = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: Number(values.rate) });
  // Scripts as text: tsx's name helper (__name) does not exist in the page.
  await page.evaluate(`(() => {
    window.__frames = [];
    window.__long = [];
    const tick = (t) => { window.__frames.push(t); requestAnimationFrame(tick); };
    requestAnimationFrame(tick);
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) window.__long.push({ start: e.startTime, duration: e.duration });
    }).observe({ type: 'longtask', buffered: false });
  })()`);

  /** Runs an action, waits until the list shows its outcomes again and a quiet half second, then reads the frames in between. */
  async function measure(action: string, run: () => Promise<void>) {
    const from = (await page.evaluate('performance.now()')) as number;
    if (values['cpu-trace']) await browser.startTracing(page, { categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline'] });
    await run();
    // Until the new order's outcomes are shown (the list drops data-pending).
    await page.locator('[data-testid="choice-list"]:not([data-pending])').waitFor({ timeout: 60_000 });
    await page.waitForTimeout(500);
    const f = (await page.evaluate(`(() => {
      const from = ${from};
      const frames = window.__frames.filter((t) => t >= from);
      const gaps = frames.slice(1).map((t, i) => t - frames[i]);
      const long = window.__long.filter((l) => l.start >= from);
      return {
        ms: performance.now() - from,
        frames: frames.length,
        dropped: gaps.filter((g) => g > ${DROPPED_MS}).length,
        worstGap: gaps.length ? Math.max(...gaps) : 0,
        longTasks: long.length,
        longTaskMs: long.reduce((a, l) => a + l.duration, 0),
      };
    })()`)) as Omit<Figures, 'action'>;
    if (values['cpu-trace']) {
      const tasks = mainThreadTasks(await browser.stopTracing());
      f.cpuMs = tasks.reduce((a, t) => a + t, 0);
      f.heavyTasks = tasks.filter((t) => t > DROPPED_MS).length;
      f.worstTaskMs = Math.max(0, ...tasks);
    }
    results.push({ action, ...f });
  }

  // Rows by their place in the whole list (the rendered ones are a window that moves with the scroll).
  const row = (n: number) => page.locator(`[data-testid="choice-row"][aria-posinset="${n}"]`);
  const handle = (i: number) => row(i + 1).getByRole('button', { name: /^Move choice/ });
  /** Back to the top of the page, once the window shows the list's first rows again. */
  const toTop = async () => {
    await page.evaluate('window.scrollTo(0, 0)');
    await row(6).waitFor();
  };
  for (let k = 0; k < Number(values.moves); k++) {
    await toTop();
    await page.waitForTimeout(300);
    // The baseline: the same page with no input for as long as a reorder takes (a loaded machine drops frames by itself).
    await measure('idle (no input)', () => page.waitForTimeout(1000));
    await handle(2).focus();
    await measure('keyboard: ArrowDown', () => page.keyboard.press('ArrowDown'));
    await handle(3).focus();
    await measure('keyboard: End (to #300)', () => page.keyboard.press('End'));
    // The keyboard stays on the moved row, though it left the rendered rows (row-window.ts follows it).
    focusFollowed.push(String(await page.evaluate(`document.activeElement?.closest('[data-testid="choice-row"]')?.getAttribute('aria-posinset') ?? 'none'`)));
    await toTop();
    const position = row(2).getByRole('textbox', { name: /^Position of choice/ });
    await measure('position: 2 → 150', async () => {
      await position.fill('150');
      await position.press('Enter');
    });
    // A drag with the mouse: three rows down, in steps.
    await toTop();
    await handle(1).scrollIntoViewIfNeeded();
    const box = (await handle(1).boundingBox())!;
    await measure('drag (mouse): 3 rows', async () => {
      await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
      await page.mouse.down();
      for (let s = 1; s <= 12; s++) await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2 + (3 * 112 * s) / 12);
      await page.mouse.up();
    });
    // A touch drag (CDP touch events, as a phone sends them): two rows down.
    await handle(4).scrollIntoViewIfNeeded();
    const t = (await handle(4).boundingBox())!;
    await measure('drag (touch): 2 rows', async () => {
      const x = t.x + t.width / 2;
      const y = t.y + t.height / 2;
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x, y }] });
      for (let s = 1; s <= 12; s++) await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x, y: y + (2 * 112 * s) / 12 }] });
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    });
  }
  await context.close();
} finally {
  await browser.close();
  await app.close();
  await database.close();
}

const byAction = new Map<string, Figures[]>();
for (const r of results) byAction.set(r.action, [...(byAction.get(r.action) ?? []), r]);
console.log(
  `\n${n} choices, 390×844 touch viewport, CPU ×${values.rate} slower (CDP), ${values.moves} of each; a dropped frame = a rAF gap over ${DROPPED_MS.toFixed(1)} ms`,
);
const traced = values['cpu-trace'];
console.log(
  `action                      runs  frames  dropped  worst gap ms  long tasks  long-task ms${traced ? '  main CPU ms  tasks >25 ms CPU  worst task CPU ms' : ''}`,
);
let dropped = 0; // every action's, the idle baseline's included
for (const [action, rs] of byAction) {
  const sum = (f: (r: Figures) => number) => rs.reduce((a, r) => a + f(r), 0);
  dropped += sum((r) => r.dropped);
  console.log(
    `${action.padEnd(28)}${String(rs.length).padStart(4)}${String(sum((r) => r.frames)).padStart(8)}${String(sum((r) => r.dropped)).padStart(9)}${Math.max(
      ...rs.map((r) => r.worstGap),
    )
      .toFixed(1)
      .padStart(14)}${String(sum((r) => r.longTasks)).padStart(12)}${sum((r) => r.longTaskMs)
      .toFixed(0)
      .padStart(14)}${
      traced
        ? `${sum((r) => r.cpuMs ?? 0)
            .toFixed(0)
            .padStart(13)}${String(sum((r) => r.heavyTasks ?? 0)).padStart(17)}${Math.max(...rs.map((r) => r.worstTaskMs ?? 0))
            .toFixed(1)
            .padStart(19)}`
        : ''
    }`,
  );
}
console.log(
  `after End, the focus was on the moved row at #${n}: ${focusFollowed.filter((p) => p === String(n)).length} of ${focusFollowed.length} (rows: ${focusFollowed.join(', ')})`,
);
const idle = byAction.get('idle (no input)') ?? [];
console.log(
  `dropped frames in all reorders: ${dropped - idle.reduce((a, r) => a + r.dropped, 0)}; with no input at all the page dropped ${idle.reduce((a, r) => a + r.dropped, 0)} (the machine's own load)`,
);

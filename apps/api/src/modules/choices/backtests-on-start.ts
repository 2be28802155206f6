import { fork } from 'node:child_process';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { apiRoot } from '../../config.ts';
import {
  choiceBacktestsCurrent,
  choiceBacktestsHash,
  computeChoiceBacktests,
  storeChoiceBacktests,
  type ChoiceBacktestFigures,
} from '../../data/choices/import-choice-backtests.ts';

/*
 * The choice lists' backtests on a fresh install (docs/decisions/0027, "Published"). `npm run
 * data:import` computes them; a first start (IMPORT_ON_START) does not wait for them: once the server
 * listens, a child process (the import entry with `--choice-backtests`) computes the figures from the
 * raw JoSAA files, off the server's event loop, and the server stores them (a PGlite database belongs
 * to one process). Until then GET /choices/backtests says they are being computed.
 */

export type BacktestsStatus = { computing: boolean; failed: string | null };

type ChildMessage = { type: 'figures'; figures: ChoiceBacktestFigures } | { type: 'failed'; message: string };

/** The child's side: compute, send, exit. */
export async function runChoiceBacktestsChild(dataDir: string, send: (m: ChildMessage, cb: () => void) => void): Promise<never> {
  let code = 0;
  try {
    const figures = await computeChoiceBacktests(dataDir);
    await new Promise<void>((resolve) => send({ type: 'figures', figures }, resolve));
  } catch (err) {
    code = 1;
    await new Promise<void>((resolve) => send({ type: 'failed', message: err instanceof Error ? (err.stack ?? err.message) : String(err) }, resolve));
  }
  process.exit(code);
}

/** The import's entry point: the bundle's dist/import.js, or the source run through tsx (as data/first-start.ts). */
function importEntry(): string {
  return import.meta.url.endsWith('.ts') ? path.join(apiRoot, 'src/data/import-cli.ts') : path.join(apiRoot, 'dist/import.js');
}

function figuresInChild(): { result: Promise<ChoiceBacktestFigures>; kill: () => void } {
  const child = fork(importEntry(), ['--choice-backtests'], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const result = new Promise<ChoiceBacktestFigures>((resolve, reject) => {
    let figures: ChoiceBacktestFigures | null = null;
    let failure: string | null = null;
    child.on('message', (m: ChildMessage) => {
      if (m.type === 'figures') figures = m.figures;
      else failure = m.message;
    });
    child.once('error', reject);
    child.once('exit', (code) => (figures && code === 0 ? resolve(figures) : reject(new Error(failure ?? `exit code ${code}`))));
  });
  return { result, kill: () => child.kill() };
}

/** After the server listens: compute and store the backtests when they are missing or stale (first start only). */
export function computeBacktestsAfterStart(app: FastifyInstance): BacktestsStatus {
  const status: BacktestsStatus = { computing: false, failed: null };
  if (!app.config.IMPORT_ON_START) return status;
  let kill: (() => void) | null = null;
  app.addHook('onListen', async () => {
    const database = app.database;
    const dataDir = app.config.DATA_DIR;
    if (await choiceBacktestsCurrent(database, dataDir)) return;
    status.computing = true;
    const started = performance.now();
    const child = figuresInChild();
    kill = child.kill;
    void child.result
      .then(async (figures) => {
        const hash = await choiceBacktestsHash(database, dataDir);
        if (hash !== null) await storeChoiceBacktests(database, hash, figures);
        app.log.info(`choice list backtests computed in the background in ${((performance.now() - started) / 1000).toFixed(1)} s`);
      })
      .catch((err: unknown) => {
        status.failed = err instanceof Error ? err.message : String(err);
        app.log.warn(`choice list backtests could not be computed: ${status.failed}; npm run data:import computes them`);
      })
      .finally(() => {
        status.computing = false;
        kill = null;
      });
  });
  app.addHook('onClose', async () => kill?.());
  return status;
}

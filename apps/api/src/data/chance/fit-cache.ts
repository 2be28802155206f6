import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fitGroupAdjustment, type GroupPoints } from './model.ts';
import { adjustZ, calibrate, chanceAt, survival, type Calibration, type GroupAdjustment } from '../../lib/chance.ts';

/*
 * A memo of the seat groups' fitted adjustments (model.ts fitGroupAdjustment), kept under
 * DATA_FOLDER/cache (docs/decisions/0023). The fit is two thirds of the JoSAA backtest's time and a
 * pure function of a group's scored points and the calibration table, and adding one round leaves
 * the points of every earlier backtest year as they were: `data:add` of a round finds those fits
 * here and computes only the ones the round changes. The key is a checksum of every input (each
 * point's z and outcome, each year's move table, the calibration table) and of the fitting code, so
 * a hit returns exactly what the fit would; a missing or unreadable file only costs the time.
 */

const MAX_ENTRIES = 4000;

type Store = { file: string; entries: Map<string, GroupAdjustment>; used: Set<string>; dirty: boolean };

let active: Store | null = null;

/**
 * Bump when model.ts's private helpers of the fit (squaredError, goldenMin) change: the key holds
 * the text of the exported functions below, not theirs.
 */
const FIT_CACHE_VERSION = '1';

/** What the fit depends on besides its inputs: the code of the fit and of the chance it scores. */
const codeKey = createHash('sha256')
  .update(FIT_CACHE_VERSION)
  .update([fitGroupAdjustment, chanceAt, calibrate, survival, adjustZ].map((f) => f.toString()).join('\u0000'))
  .digest('hex');

const blockHashes = new WeakMap<GroupPoints, string>();

/** A block is complete when it is fitted on (backtest.ts pushes a year's block once scored): hashed once. */
function blockHash(b: GroupPoints): string {
  let h = blockHashes.get(b);
  if (!h) {
    h = createHash('sha256')
      .update(Buffer.from(Float64Array.from(b.table).buffer))
      .update('|')
      .update(Buffer.from(Float64Array.from(b.z).buffer))
      .update('|')
      .update(Buffer.from(Float64Array.from(b.o).buffer))
      .digest('hex');
    blockHashes.set(b, h);
  }
  return h;
}

function keyOf(blocks: GroupPoints[], calibration: Calibration | null): string {
  const h = createHash('sha256').update(codeKey);
  for (const b of blocks) h.update(blockHash(b));
  h.update(
    calibration
      ? `${Buffer.from(Float64Array.from(calibration.x).buffer).toString('base64')}|${Buffer.from(Float64Array.from(calibration.y).buffer).toString('base64')}|${calibration.points}`
      : 'none',
  );
  return h.digest('hex');
}

/** fitGroupAdjustment, from the memo when one is open (withFitCache) and it has these inputs. */
export function cachedGroupAdjustment(blocks: GroupPoints[], calibration: Calibration | null): GroupAdjustment {
  if (!active) return fitGroupAdjustment(blocks, calibration);
  const key = keyOf(blocks, calibration);
  active.used.add(key);
  const hit = active.entries.get(key);
  if (hit) return { ...hit };
  const fitted = fitGroupAdjustment(blocks, calibration);
  active.entries.set(key, fitted);
  active.dirty = true;
  return { ...fitted };
}

export const fitCacheFile = (dataFolder: string) => path.join(dataFolder, 'cache', 'chance-group-fits.json');

function load(file: string): Map<string, GroupAdjustment> {
  try {
    if (!existsSync(file)) return new Map();
    const parsed = JSON.parse(readFileSync(file, 'utf8')) as { entries: [string, GroupAdjustment][] };
    return new Map(
      parsed.entries.filter(([k, a]) => typeof k === 'string' && Number.isFinite(a?.shift) && Number.isFinite(a?.below) && Number.isFinite(a?.above)),
    );
  } catch {
    return new Map();
  }
}

/**
 * Runs `fn` with the memo of DATA_FOLDER open (`dataFolder` empty: no memo), then saves it: the
 * entries used by this run first, then older ones, at most MAX_ENTRIES.
 */
export async function withFitCache<T>(dataFolder: string, fn: () => Promise<T>): Promise<T> {
  if (!dataFolder || active) return fn();
  const store: Store = { file: fitCacheFile(dataFolder), entries: load(fitCacheFile(dataFolder)), used: new Set(), dirty: false };
  active = store;
  try {
    return await fn();
  } finally {
    active = null;
    if (store.dirty) {
      try {
        const used = [...store.used].filter((k) => store.entries.has(k)).map((k) => [k, store.entries.get(k)!] as const);
        const rest = [...store.entries].filter(([k]) => !store.used.has(k));
        const entries = [...used, ...rest].slice(0, MAX_ENTRIES);
        mkdirSync(path.dirname(store.file), { recursive: true });
        const tmp = `${store.file}.${process.pid}.tmp`;
        writeFileSync(tmp, JSON.stringify({ entries }));
        renameSync(tmp, store.file);
      } catch {
        // A memo only: the next fit computes what it lacks.
      }
    }
  }
}

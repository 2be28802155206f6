import type { ChanceCurve } from './chance.ts';

const CURVE_TTL_MS = 60_000;
const curves = new WeakMap<object, Map<string, { curve: ChanceCurve; at: number }>>();

/**
 * A stream's curve as its repository reads it from `chance_models`, kept a minute per repository
 * and scheme (it changes only with a new import), so a request adds no query for it. CSAB seats
 * have their own curve (data/chance/csab.ts).
 */
export async function curveFor<S extends string>(repo: { findChanceCurve(scheme?: S): Promise<ChanceCurve | null> }, scheme?: S): Promise<ChanceCurve> {
  let byScheme = curves.get(repo);
  if (!byScheme) curves.set(repo, (byScheme = new Map()));
  const hit = byScheme.get(scheme ?? '');
  if (hit && performance.now() - hit.at < CURVE_TTL_MS) return hit.curve;
  const curve = await repo.findChanceCurve(scheme);
  if (!curve) throw new Error('the chance model has not been imported yet (npm run data:import)');
  byScheme.set(scheme ?? '', { curve, at: performance.now() });
  return curve;
}

/** The stored curve row as the repositories read it. */
export function curveOfRow(row: { move_table: number[]; calibration: ChanceCurve['calibration'] } | undefined): ChanceCurve | null {
  return row ? { table: row.move_table, calibration: row.calibration } : null;
}

import type { BulkTx } from '../lib/bulk.ts';
import type { StreamModel } from './chance-models.ts';

/**
 * Writes a stream's chance model (move table, calibration table, Reach limit, summary, backtest)
 * into `chance_models`, inside the importer's transaction that writes the seats' chance columns, so
 * the curve and the columns always come from the same fit.
 */
export async function storeChanceModel(tx: BulkTx, m: StreamModel): Promise<void> {
  await tx.query('delete from chance_models where stream = $1', [m.stream]);
  await tx.copyRows(
    'chance_models',
    ['stream', 'predict_year', 'reference_year', 'move_table', 'calibration', 'z_reach', 'summary', 'backtest', 'computed_at'],
    [
      [
        m.stream,
        m.summary.predictYear,
        m.summary.referenceYear,
        JSON.stringify(m.curve.table),
        storedCalibration(m),
        m.zReach,
        JSON.stringify(m.summary),
        // The step model's backtest (round-step.ts) is published beside the final model's.
        JSON.stringify(m.step ? { ...m.backtest, step: m.step } : m.backtest),
        new Date().toISOString(),
      ],
    ],
  );
}

/**
 * The `calibration` column: the curve's table, and for NEET PG each group's as `groups`
 * ({ x, y, points, groups: { DNB, other } }; docs/decisions/0014).
 */
function storedCalibration(m: StreamModel): string | null {
  if (!m.groups) return m.curve.calibration ? JSON.stringify(m.curve.calibration) : null;
  const groups = Object.fromEntries(Object.entries(m.groups).map(([g, v]) => [g, v.calibration]));
  return JSON.stringify({ ...(m.curve.calibration ?? {}), groups });
}

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
        m.curve.calibration ? JSON.stringify(m.curve.calibration) : null,
        m.zReach,
        JSON.stringify(m.summary),
        // The step model's backtest (round-step.ts) is published beside the final model's.
        JSON.stringify(m.step ? { ...m.backtest, step: m.step } : m.backtest),
        new Date().toISOString(),
      ],
    ],
  );
}

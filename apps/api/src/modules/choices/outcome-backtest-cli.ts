import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../../config.ts';
import { readJosaaRoundRows } from '../../data/chance/josaa-files.ts';
import { buildSeatHistories } from '../../data/chance/seat-history.ts';
import { OUTCOME_BACKTEST, runOutcomeBacktest } from './outcome-backtest.ts';

/*
 * `npm run backtest:choices`: the outcome model's backtest (docs/decisions/0027) from the raw CSVs.
 * --data-dir <dir> reads another copy; --json prints the figures as JSON.
 */
const { values } = parseArgs({ options: { 'data-dir': { type: 'string' }, json: { type: 'boolean' } } });
const dataDir = path.resolve(values['data-dir'] ?? loadConfig().DATA_DIR);
const r = runOutcomeBacktest(buildSeatHistories(await readJosaaRoundRows(dataDir)));
if (values.json) {
  console.log(JSON.stringify(r, null, 1));
} else {
  const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
  console.log(`Outcome model backtest: ${r.total.students} students, lists of ${OUTCOME_BACKTEST.LIST_SIZE} (JoSAA, NIT+ OPEN seats, AI/OS quotas)`);
  console.log('year   rho    students  Brier model  indep.  last-year   no seat: predicted  indep.  observed   log score model  indep.');
  for (const y of [...r.years, { ...r.total, year: 'all', rho: NaN }])
    console.log(
      `${String(y.year).padEnd(5)}  ${Number.isNaN(y.rho) ? '    ' : y.rho.toFixed(3)}  ${String(y.students).padStart(8)}  ${y.brier.model.toFixed(4).padStart(11)}  ${y.brier.independent.toFixed(4)}  ${y.brier.lastYear.toFixed(4).padStart(9)}   ${pct(y.none.predicted).padStart(18)}  ${pct(y.none.independent).padStart(6)}  ${pct(y.none.observed).padStart(8)}   ${y.logScore.model.toFixed(3).padStart(15)}  ${y.logScore.independent.toFixed(3)}`,
    );
  console.log('\nPredicted chance of no seat   students  predicted  observed');
  for (const b of r.noneBins)
    if (b.n)
      console.log(
        `${pct(b.from).padStart(6)}–${pct(b.to).padEnd(6)}              ${String(b.n).padStart(8)}  ${pct(b.predicted).padStart(9)}  ${pct(b.observed).padStart(8)}`,
      );
}

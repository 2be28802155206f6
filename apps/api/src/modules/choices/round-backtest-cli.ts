import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../../config.ts';
import { readJosaaRoundRows } from '../../data/chance/josaa-files.ts';
import { buildSeatHistories } from '../../data/chance/seat-history.ts';
import { runRoundBacktest } from './round-backtest.ts';

/*
 * `npm run backtest:rounds`: the round-k model's and the advice's backtest (docs/decisions/0027)
 * from the raw CSVs. --data-dir <dir> reads another copy; --json prints the figures as JSON.
 */
const { values } = parseArgs({ options: { 'data-dir': { type: 'string' }, json: { type: 'boolean' } } });
const dataDir = path.resolve(values['data-dir'] ?? loadConfig().DATA_DIR);
const rows = await readJosaaRoundRows(dataDir);
const r = runRoundBacktest(rows, buildSeatHistories(rows));
if (values.json) console.log(JSON.stringify(r, null, 1));
else {
  const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
  console.log('Round-k model: Brier score of the final closing rank (lower is better)');
  console.log('year  round   points   round-k model   last year   round k is final');
  for (const x of r.rounds)
    console.log(
      `${x.year}  ${String(x.round).padStart(5)}  ${String(x.points).padStart(7)}   ${x.brier.roundModel.toFixed(4).padStart(13)}   ${x.brier.lastYear.toFixed(4).padStart(9)}   ${x.brier.roundIsFinal.toFixed(4).padStart(16)}`,
    );
  console.log(
    `round 1, all years: ${r.round1.points} points  round-1 model ${r.round1.roundModel.toFixed(4)}  last year ${r.round1.lastYear.toFixed(4)}  round 1 is final ${r.round1.roundIsFinal.toFixed(4)}`,
  );
  console.log('\nRound-1 advice against always floating');
  console.log('year  students  float  slide  freeze   as good as floating   improved: advice  float');
  for (const a of r.advice)
    console.log(
      `${a.year}  ${String(a.students).padStart(8)}  ${String(a.advice.float).padStart(5)}  ${String(a.advice.slide).padStart(5)}  ${String(a.advice.freeze).padStart(6)}   ${pct(a.keptOrImprovedAsFloat / a.students).padStart(19)}   ${pct(a.improved.advice / a.students).padStart(16)}  ${pct(a.improved.float / a.students)}`,
    );
}

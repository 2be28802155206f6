import { createWriteStream } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../../config.ts';
import { runBacktest, type BacktestResult, type ScoredPoint } from './backtest.ts';
import { JOSAA_BACKTEST_YEARS } from './definitions.ts';
import { readJosaaRoundRows } from './josaa-files.ts';
import { readMedicalData } from '../neet-pg/medical-data.ts';
import { buildNeetPgHistories, foldOfInstitutes, runNeetPgBacktests } from './neet-pg.ts';
import { buildSeatHistories } from './seat-history.ts';

/*
 * `npm run backtest`: recomputes both backtests from the raw CSVs and prints the tables that
 * /methodology publishes. --csv <file> writes every scored point; --data-dir <dir> reads another copy;
 * --folds <file> writes NEET PG's two folds (institute id, fold, name) as docs/decisions/0014 lists them.
 */
const { values } = parseArgs({ options: { csv: { type: 'string' }, 'data-dir': { type: 'string' }, folds: { type: 'string' } } });
const dataDir = path.resolve(values['data-dir'] ?? loadConfig().DATA_DIR);

const pct = (x: number) => `${(x * 100).toFixed(1)}%`;

export function printBacktest(r: BacktestResult, log: (s: string) => void = console.log): void {
  log(
    `\n${r.stream === 'josaa' ? 'JoSAA' : 'NEET PG'} backtest: ${r.total.seats.toLocaleString('en-IN')} seat-years, ${r.total.points.toLocaleString('en-IN')} points`,
  );
  log('band        points   predicted  observed');
  for (const b of r.total.bands) log(`${b.band.padEnd(10)} ${String(b.n).padStart(8)}   ${pct(b.predicted).padStart(8)}  ${pct(b.observed).padStart(8)}`);
  log('year   seats   points   Brier   baseline   ' + r.total.bands.map((b) => b.band.padStart(13)).join(' '));
  for (const y of r.years) {
    log(
      `${y.year}  ${String(y.seats).padStart(6)}  ${String(y.points).padStart(7)}   ${y.brier.toFixed(4)}   ${y.baselineBrier.toFixed(4)}    ` +
        y.bands.map((b) => (b.n ? `${pct(b.observed)}/${pct(b.predicted)}` : '-').padStart(13)).join(' '),
    );
  }
  log(
    `all    ${String(r.total.seats).padStart(6)}  ${String(r.total.points).padStart(7)}   ${r.total.brier.toFixed(4)}   ${r.total.baselineBrier.toFixed(4)}   (per year: observed/predicted)`,
  );
  log('chance   points   predicted  observed');
  for (const b of r.total.bins)
    log(`${String(b.from).padStart(2)}-${b.to}%  ${String(b.n).padStart(8)}   ${pct(b.predicted).padStart(8)}  ${pct(b.observed).padStart(8)}`);
}

const started = performance.now();
const csv = values.csv ? createWriteStream(values.csv) : null;
csv?.write('stream,seat,year,percent,rank,reference_closing_rank,closing_rank,outcome,chance\n');
const writer = (stream: string) => (p: ScoredPoint) =>
  csv?.write(
    `${stream},"${p.key.replaceAll('\u0001', ' | ').replaceAll('"', '""')}",${p.year},${p.percent},${p.rank},${p.reference},${p.outcome},${p.rank <= p.outcome ? 1 : 0},${p.chance.toFixed(6)}\n`,
  );

const years: number[] = [];
for (let y = JOSAA_BACKTEST_YEARS.first; y <= JOSAA_BACKTEST_YEARS.last; y++) years.push(y);
printBacktest(runBacktest(buildSeatHistories(await readJosaaRoundRows(dataDir)), years, writer('josaa')));
const medical = await readMedicalData(dataDir);
const neetPgHistories = buildNeetPgHistories(medical.cutoffs);
const neetPg = runNeetPgBacktests(neetPgHistories, writer('neet-pg'));
console.log('\nNEET PG two-fold (2023 → 2024, across institutes):');
printBacktest(neetPg.twoFold);
if (neetPg.forward) {
  console.log('\nNEET PG forward (2024 → 2025):');
  printBacktest(neetPg.forward);
}
for (const g of neetPg.groups) {
  for (const [name, t] of [
    ['two-fold', g.twoFold],
    ['forward', g.forward],
  ] as const) {
    if (!t) continue;
    console.log(`\nNEET PG ${name}, group ${g.group}: ${t.seats} seat-years, Brier ${t.brier.toFixed(4)}`);
    for (const b of t.bands) console.log(`${b.band.padEnd(10)} ${String(b.n).padStart(8)}   ${pct(b.predicted).padStart(8)}  ${pct(b.observed).padStart(8)}`);
  }
}
if (values.folds) {
  const names = new Map(medical.institutes.map((i) => [i.id, i.name]));
  const folds = [...foldOfInstitutes(neetPgHistories)];
  const out = createWriteStream(values.folds);
  out.write('institute_id,fold,name\n');
  for (const [id, fold] of folds) out.write(`${id},${fold},"${(names.get(id) ?? '').replaceAll('"', '""')}"\n`);
  out.end();
  console.log(`\n${folds.length} institutes in ${values.folds}`);
}
csv?.end();
console.log(`\n(${((performance.now() - started) / 1000).toFixed(1)} s)`);

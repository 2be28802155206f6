import { createWriteStream } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../../config.ts';
import type { Backtest } from '@rankwise/contract/chance';
import type { BacktestResult, ScoredPoint } from './backtest.ts';
import { josaaModels } from './chance-models.ts';
import { csabModel } from './csab.ts';
import { readEngineeringData } from '../josaa/engineering-data.ts';
import { readJosaaRoundRows } from './josaa-files.ts';
import { readMedicalData } from '../neet-pg/medical-data.ts';
import { buildNeetPgHistories, foldOfInstitutes, runNeetPgBacktests } from './neet-pg.ts';

/*
 * `npm run backtest`: recomputes both backtests from the raw CSVs and prints the tables that
 * /methodology publishes. --csv <file> writes every scored point; --data-dir <dir> reads another copy;
 * --folds <file> writes NEET PG's two folds (institute id, fold, name) as docs/decisions/0014 lists them.
 */
const { values } = parseArgs({ options: { csv: { type: 'string' }, 'data-dir': { type: 'string' }, folds: { type: 'string' } } });
const dataDir = path.resolve(values['data-dir'] ?? loadConfig().DATA_DIR);

const pct = (x: number) => `${(x * 100).toFixed(1)}%`;

export function printBacktest(
  r: Backtest & { groups?: BacktestResult['groups'] },
  log: (s: string) => void = console.log,
  title = r.stream === 'josaa' ? 'JoSAA' : 'NEET PG',
): void {
  log(`\n${title} backtest: ${r.total.seats.toLocaleString('en-IN')} seat-years, ${r.total.points.toLocaleString('en-IN')} points`);
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
  for (const g of r.groups ?? []) {
    log(
      `group ${g.label}: ${g.seats.toLocaleString('en-IN')} seat-years, ${g.points.toLocaleString('en-IN')} points; ` +
        (g.adjustment === undefined
          ? `its own calibration table, Brier ${g.brier?.toFixed(4)}`
          : g.own
            ? `shift ${g.adjustment.shift}, widths ${g.adjustment.below} below / ${g.adjustment.above} above`
            : 'no adjustment (pooled)'),
    );
    for (const b of g.bands) log(`  ${b.band.padEnd(10)} ${String(b.n).padStart(8)}   ${pct(b.predicted).padStart(8)}  ${pct(b.observed).padStart(8)}`);
  }
}

const started = performance.now();
const csv = values.csv ? createWriteStream(values.csv) : null;
csv?.write('stream,seat,year,percent,rank,reference_closing_rank,closing_rank,outcome,chance,group\n');
const writer = (stream: string) => (p: ScoredPoint) =>
  csv?.write(
    `${stream},"${p.key.replaceAll('\u0001', ' | ').replaceAll('"', '""')}",${p.year},${p.percent},${p.rank},${p.reference},${p.outcome},${p.rank <= p.outcome ? 1 : 0},${p.chance.toFixed(6)},${p.group ?? ''}\n`,
  );

const models = josaaModels(await readJosaaRoundRows(dataDir), undefined, writer('josaa'));
printBacktest(models.finalBacktest, console.log, 'JoSAA (reference: the final round of the year before)');
const step = models.josaa.step;
if (step) {
  printBacktest(step.backtest, console.log, `JoSAA (reference: round ${step.round} of the year before, the step model)`);
  printBacktest(step.asFinal, console.log, `JoSAA (reference: round ${step.round} of the year before, taken as final: no step)`);
}
// CSAB (csab.ts): its seats by the product's institute identities.
const engineering = await readEngineeringData(dataDir);
const types = new Map(engineering.institutes.map((i) => [i.id, i.type]));
const csabYear = engineering.cutoffs.filter((c) => c.counselling === 'CSAB').reduce((m, c) => Math.max(m, c.year), 0);
printBacktest(csabModel(models, engineering.cutoffs, (id) => types.get(id) !== 'IIT', csabYear, models.incompleteYears).backtest, console.log, 'CSAB');
const medical = await readMedicalData(dataDir);
const neetPgHistories = buildNeetPgHistories(medical.cutoffs);
const neetPg = runNeetPgBacktests(neetPgHistories, writer('neet-pg'));
console.log('\nNEET PG two-fold (2023 → 2024, across institutes):');
printBacktest(neetPg.twoFold);
if (neetPg.forward) {
  console.log('\nNEET PG forward (2024 → 2025):');
  printBacktest(neetPg.forward);
}
// printBacktest prints each backtest's groups (the DNB quota, the other quotas) after it.
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

import { readFileSync } from 'node:fs';
import os from 'node:os';
import { parseArgs } from 'node:util';
import { addRound, type AddRoundResult, type RoundDiff } from '../data/add-round.ts';
import { createProgress } from '../data/progress.ts';
import type { Counselling } from '../data/lib/added-rounds.ts';
import { openForCli } from './open.ts';

const usage = `Usage:
  npm run data:add -- <file.csv> --counselling JoSAA|CSAB|MCC --year <year> --round <round> [--by <name>] [--check]

Checks one published round (JoSAA or CSAB OR-CR: Institute, Academic Program Name, Quota, Seat Type,
Gender, Opening Rank, Closing Rank; MCC: a round's allotment list in the columns of the 2023-2024
allotment file: Rank, Allotted Quota, Allotted Institute, Course, Alloted Category), prints every
problem or the difference against the previous round, keeps the file under DATA_FOLDER/added-data
and brings it live (JoSAA/CSAB: the round's rows inserted, the reference seats and the chance model
refitted; MCC: the NEET PG import with the round, its chance model refitted).
--check: check and print the difference only.
With the embedded database, stop the server first (or use /admin/data).`;

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    counselling: { type: 'string' },
    year: { type: 'string' },
    round: { type: 'string' },
    by: { type: 'string' },
    check: { type: 'boolean', default: false },
  },
});
const counselling = ({ josaa: 'JoSAA', csab: 'CSAB', mcc: 'MCC' } as const)[(values.counselling ?? '').toLowerCase() as 'josaa'] as Counselling | undefined;
if (positionals.length !== 1 || !counselling || !/^\d{4}$/.test(values.year ?? '') || !/^\d{1,2}$/.test(values.round ?? '')) {
  console.error(usage);
  process.exit(2);
}

const fmt = (n: number) => n.toLocaleString('en-IN');

export function printDiff(diff: RoundDiff, log: (s: string) => void = console.log): void {
  if (!diff.previous) {
    log(`${fmt(diff.rows)} rows; no earlier round to compare with`);
    return;
  }
  log(`Against ${counselling} ${diff.previous.year} round ${diff.previous.round} (${fmt(diff.previous.rows)} rows): ${fmt(diff.rows)} rows`);
  log(`  seats added ${fmt(diff.seatsAdded)}, removed ${fmt(diff.seatsRemoved)}, in both ${fmt(diff.compared)}`);
  if (diff.medianMovePercent !== null) log(`  median closing-rank move ${diff.medianMovePercent > 0 ? '+' : ''}${diff.medianMovePercent}%`);
  for (const m of diff.largestMoves) log(`  largest: ${m.seat}: ${fmt(m.from)} → ${fmt(m.to)} (${m.percent > 0 ? '+' : ''}${m.percent}%)`);
  if (diff.newInstitutes.length) log(`  institutes new against that round: ${diff.newInstitutes.join(', ')}`);
  if (diff.newPrograms) log(`  institute × program pairs new against that round: ${fmt(diff.newPrograms)}`);
}

const file = positionals[0];
let bytes: Buffer;
try {
  bytes = readFileSync(file);
} catch (err) {
  console.error(`Cannot read ${file}: ${(err as Error).message}`);
  process.exit(2);
}
const { config, database } = await openForCli();
let result: AddRoundResult;
const started = performance.now();
try {
  const log = (m: string) => console.log(m);
  result = await addRound(
    { database, config, log, progress: createProgress(log) },
    {
      bytes,
      fileName: file,
      counselling,
      year: Number(values.year),
      round: Number(values.round),
      addedBy: values.by ?? `${os.userInfo().username}@${os.hostname()} (data:add)`,
    },
    { dryRun: values.check },
  );
} finally {
  await database.close();
}
if (result.status === 'refused') {
  console.error(`Refused: ${result.problems.length} problem${result.problems.length === 1 ? '' : 's'}; nothing was imported.`);
  for (const p of result.problems) console.error(`  - ${p}`);
  if (result.diff) printDiff(result.diff, console.error);
  process.exit(1);
}
printDiff(result.diff);
if (result.status === 'live') {
  console.log(`Kept as ${result.file} (sha256 ${result.sha256}).`);
  console.log(
    `Live in ${((performance.now() - started) / 1000).toFixed(1)} s (${result.incremental ? 'the round inserted' : 'whole re-import'}; ${result.imports.map((s) => `${s.name} ${(s.ms / 1000).toFixed(1)} s`).join(', ')}).`,
  );
} else console.log('Checked: no problems (nothing imported: --check).');

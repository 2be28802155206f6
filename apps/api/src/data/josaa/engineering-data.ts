import { readdirSync } from 'node:fs';
import path from 'node:path';
import { readCsv } from '../lib/csv.ts';
import { branchGroupOf } from './branch-groups.ts';
import { eligibleStates } from './home-state-quotas.ts';
import { decodeEntities, jeeAdvancedInstitutes } from './institute-aliases.ts';
import { InstituteDirectory, type CanonicalInstitute } from './institute-directory.ts';
import { loadLocations, loadTuition, locationFile, tuitionFile, type InstituteLocation, type Tuition } from './institute-facts.ts';
import { emptyNirf, loadNirf, type NirfFigures } from './nirf.ts';
import { assertOrcrInvariants, checkOrcrInvariants, type InvariantReport } from './invariants.ts';
import { markLostPreparatoryRanks } from './preparatory.ts';
import { parseRank, type CutoffRow } from './reference.ts';
import { addedDataDir, type AddedRound } from '../lib/added-rounds.ts';

export type Source = { file: string; counselling: 'JoSAA' | 'CSAB'; year?: number; round?: number };

/**
 * CSAB's DC and AD quotas are the DASA-CIWG and DASA-Non CIWG supernumerary seats (Direct Admission
 * of Students Abroad: foreign nationals, OCI/PIO and children of Indian workers in the Gulf). A JEE
 * (Main) candidate cannot take them, so they are not imported (docs/decisions/0003).
 */
export const DASA_QUOTAS = new Set(['DC', 'AD']);

/**
 * The OR-CR files read: JoSAA 2016-2024, JoSAA 2025 (all six rounds), JoSAA 2026 (rounds 1-5), CSAB
 * 2024 and 2025, then the rounds an operator added (data/lib/added-rounds.ts), whose year and round
 * come from the operator.
 */
export function engineeringSources(dataDir: string, added: AddedRound[] = [], dataFolder = ''): Source[] {
  const orcr = path.join(dataDir, 'josaa/orcr');
  const files: Source[] = readdirSync(orcr)
    .filter((f) => /^\d{4}\.csv$/.test(f))
    .sort()
    .map((f) => ({ file: path.join(orcr, f), counselling: 'JoSAA' }));
  files.push({ file: path.join(dataDir, 'josaa-2025/orcr_2025_all_rounds.csv'), counselling: 'JoSAA' });
  files.push({ file: path.join(dataDir, 'josaa-2026/orcr_2026_rounds1-5.csv'), counselling: 'JoSAA' });
  files.push({ file: path.join(dataDir, 'csab/csab_2024_rounds1-2.csv'), counselling: 'CSAB' });
  files.push({ file: path.join(dataDir, 'csab/csab_2025_all_rounds.csv'), counselling: 'CSAB' });
  for (const a of added) {
    if (a.counselling === 'MCC') continue;
    files.push({ file: path.join(addedDataDir(dataFolder), a.file), counselling: a.counselling, year: a.year, round: a.round });
  }
  return files;
}

/** Every file the import reads (their sizes and times make the import's input hash). */
export function engineeringInputFiles(dataDir: string, added: AddedRound[] = [], dataFolder = ''): string[] {
  return [
    ...engineeringSources(dataDir, added, dataFolder).map((s) => s.file),
    path.join(dataDir, 'josaa/institutes.csv'),
    path.join(dataDir, 'institute-profiles/josaa_institute_addresses_2023.csv'),
    locationFile(dataDir),
    tuitionFile(dataDir),
    ...readdirSync(path.join(dataDir, 'nirf'))
      .sort()
      .map((f) => path.join(dataDir, 'nirf', f)),
  ];
}

export type EngineeringInstitute = CanonicalInstitute &
  InstituteLocation &
  NirfFigures & {
    address: string | null;
    website: string | null;
    josaaCode: number | null;
    tuitionInrPerYear: number | null;
    tuitionFromYear: number | null;
    tuitionSource: string | null;
  };

export type EngineeringData = {
  institutes: EngineeringInstitute[];
  cutoffs: CutoffRow[];
  unplaced: string[];
  /** Rows left out on purpose, by reason (for the import log). */
  skipped: { dasa: number };
  /** Each file's invariant table (invariants.ts), in the order read. */
  invariants: InvariantReport[];
};

const noLocation: InstituteLocation = {
  city: null,
  district: null,
  pinCode: null,
  latitude: null,
  longitude: null,
  locationMethod: null,
  geonamesState: null,
};

function memo<T>(fn: (key: string) => T): (key: string) => T {
  const cache = new Map<string, T>();
  return (key) => {
    if (!cache.has(key)) cache.set(key, fn(key));
    return cache.get(key)!;
  };
}

/**
 * Reads and normalises every engineering data set (no database), and the rounds an operator added.
 * Each OR-CR file is checked against the invariants (invariants.ts) after the 2016-2024 preparatory
 * rule (preparatory.ts) has marked its rows: `onInvariants` sees every file's table, and a refused
 * file stops the read.
 */
export async function readEngineeringData(
  dataDir: string,
  onFile?: (file: string) => void,
  onInvariants?: (report: InvariantReport) => void,
  added: { rounds: AddedRound[]; dataFolder: string } = { rounds: [], dataFolder: '' },
  /**
   * `sharedChecked`: the shared files passed the invariants at the import the database holds (its
   * marker is their hash): only the added rounds are checked again (data:add, decision 0023).
   */
  /** `onJosaaRecord`: each record of a JoSAA file as read, in order (the chance model's rows, decision 0023). */
  opts: { sharedChecked?: boolean; onJosaaRecord?: (r: Record<string, string>, src: Source) => void } = {},
): Promise<EngineeringData> {
  const directory = new InstituteDirectory((await readCsv(path.join(dataDir, 'josaa/institutes.csv'))) as never);
  const cutoffs: CutoffRow[] = [];
  const seen = new Set<string>();
  let dasa = 0;
  const invariants: InvariantReport[] = [];
  // Half a million rows name a few hundred institutes and programs: resolve each spelling once.
  const instituteOf = memo((raw: string) => directory.resolve(raw));
  const programOf = memo((raw: string) => {
    const name = decodeEntities(raw);
    return { name, group: branchGroupOf(name) };
  });
  for (const src of engineeringSources(dataDir, added.rounds, added.dataFolder)) {
    onFile?.(src.file);
    const fileRows: (CutoffRow & { instituteType: string })[] = [];
    for (const r of await readCsv(src.file)) {
      if (src.counselling === 'JoSAA') opts.onJosaaRecord?.(r, src);
      if (src.counselling === 'CSAB' && DASA_QUOTAS.has(r.Quota)) {
        dasa++;
        continue;
      }
      const inst = instituteOf(r.Institute);
      if (!inst) continue;
      const program = programOf(r['Academic Program Name']);
      const programName = program.name;
      const opening = parseRank(r['Opening Rank']);
      const closing = parseRank(r['Closing Rank']);
      const year = src.year ?? Number(r.Year);
      const round = src.round ?? Number(r.Round);
      if (!opening || !closing || !Number.isInteger(year) || !Number.isInteger(round)) {
        throw new Error(`unreadable rank row in ${src.file}: ${JSON.stringify(r)}`);
      }
      const row: CutoffRow & { instituteType: string } = {
        // IISc's seats are on JEE (Advanced)'s lists, preparatory list included: checked as the IITs' are.
        instituteType: jeeAdvancedInstitutes.has(inst.id) ? 'IIT' : inst.type,
        counselling: src.counselling,
        year,
        round,
        instituteId: inst.id,
        programName,
        branchGroup: program.group,
        quota: r.Quota,
        seatType: r['Seat Type'],
        // Before 2018 there was no female-only pool: every seat was gender-neutral ('NA' in the data).
        gender: r.Gender === 'NA' ? 'Gender-Neutral' : r.Gender,
        openingRank: opening.rank,
        closingRank: closing.rank,
        openingPreparatory: opening.preparatory,
        closingPreparatory: closing.preparatory,
      };
      // Every quota must have an eligibility rule (home-state-quotas.ts); this throws for a new code.
      eligibleStates(inst, row.quota, row.year);
      fileRows.push(row);
    }
    markLostPreparatoryRanks(fileRows, (r) => r.instituteType);
    if (!opts.sharedChecked || src.round !== undefined) {
      const checked = checkOrcrInvariants(
        fileRows,
        src.counselling,
        src.round === undefined ? path.relative(dataDir, src.file) : `added ${path.basename(src.file)}`,
      );
      // An added round is one round of its year: the earlier rounds are in other files (data:add checked their order).
      const failures = src.round === undefined ? checked.failures : checked.failures.filter((f) => !/^rounds? .* missing/.test(f));
      const report = { ...checked, failures, ok: failures.length === 0 };
      invariants.push(report);
      onInvariants?.(report);
      assertOrcrInvariants(report);
    }
    for (const { instituteType: _type, ...row } of fileRows) {
      // Within a file the invariants refuse a repeated key; across files (one year in two files) this does.
      const key = `${row.counselling}|${row.year}|${row.round}|${row.instituteId}|${row.programName}|${row.quota}|${row.seatType}|${row.gender}`;
      if (seen.has(key)) throw new Error(`duplicate rank row in ${src.file}: ${key}`);
      seen.add(key);
      cutoffs.push(row);
    }
  }
  const profiles = await readCsv(path.join(dataDir, 'institute-profiles/josaa_institute_addresses_2023.csv'));
  const profileById = new Map<string, Record<string, string>>();
  for (const p of profiles) {
    const inst = directory.resolve(p.institute_name);
    if (inst) profileById.set(inst.id, p);
  }
  const nirf = await loadNirf(dataDir, directory);
  const locations = await loadLocations(dataDir, directory);
  const tuitionOf = await loadTuition(dataDir);
  const institutes = directory.institutes.map((i): EngineeringInstitute => {
    const p = profileById.get(i.id);
    const tuition: Tuition | null = tuitionOf(i);
    return {
      ...i,
      address: p?.address || null,
      website: p?.website || null,
      josaaCode: p?.josaa_institute_code ? Number(p.josaa_institute_code) : null,
      ...(locations.get(i.id) ?? noLocation),
      ...(nirf.get(i.id) ?? emptyNirf),
      tuitionInrPerYear: tuition?.tuitionInrPerYear ?? null,
      tuitionFromYear: tuition?.tuitionFromYear ?? null,
      tuitionSource: tuition?.tuitionSource ?? null,
    };
  });
  return { institutes, cutoffs, unplaced: [...directory.unplaced].sort(), skipped: { dasa }, invariants };
}

import path from 'node:path';
import { readCsv } from '../lib/csv.ts';
import { canonicalState } from '../lib/states.ts';
import { instituteKey, resolveInstitutes, type InstituteLocationRow, type MedicalInstitute, type Spellings } from './institutes.ts';
import { topTwo } from '../chance/neet-pg.ts';
import { createHash } from 'node:crypto';
import { canonicalCourse, NEW_COURSES } from './courses.ts';
import { correctDnbLabels, type DnbLabelStats } from './dnb-labels.ts';
import { makeNamesUnique } from './names.ts';
import { widen, type MedicalCutoff } from './seats.ts';
import { institutes2025, match2025, readSeats2025, type Match2025 } from './year-2025.ts';

/*
 * NEET PG (MCC All India counselling) data, read from DATA_DIR/neet-pg (docs/decisions/0005). The
 * reader: allotment rows → per-round seat ranks, with institutes resolved by institutes.ts and
 * the reference seats built by seats.ts.
 *
 * - Quota: the 11 normalised quota texts map one to one onto the form's 11 quotas (QUOTA_OF_DATA).
 * - Category: the data's "Alloted Category" is the SEAT's category (OPEN, OBC, SC, ST, EWS and
 *   '<x> PWD'); it is kept as written.
 * - Round: 'R1'..'R5' as the source labels them; each row is an allotment MADE in that round (new
 *   allotments and upgrades), not the list of seat holders after it.
 */

/** The normalised quota text of the data → the quota name of the form (contract medicalQuotas). MCC codes in comments. */
export const QUOTA_OF_DATA: Record<string, string> = {
  'ALL INDIA': 'All India', // AI
  'IP UNIVERSITY QUOTA': 'IP University Quota', // IP
  'DELHI UNIVERSITY QUOTA': 'Delhi University Quota', // DU
  'DNB QUOTA': 'DNB Quota', // AD (DNB seats, NBEMS)
  'BANARAS HINDU UNIVERSITY': 'Banaras Hindu University', // BH
  'ALIGARH MUSLIM UNIVERSITY': 'Aligarh Muslim University', // AM
  'MANAGEMENT/PAID SEATS QUOTA': 'Management/Paid Seats Quota', // PS (deemed universities)
  'NON-RESIDENT INDIAN': 'Non-Resident Indian', // NR
  'JAIN MINORITY QUOTA': 'Jain Minority Quota', // JM
  'MUSLIM MINORITY QUOTA': 'Muslim Minority Quota', // MM
  'ARMED FORCES MEDICAL': 'Armed Forces Medical', // AF
};

export const SEAT_CATEGORIES = ['OPEN', 'EWS', 'OBC', 'SC', 'ST', 'OPEN PWD', 'EWS PWD', 'OBC PWD', 'SC PWD', 'ST PWD'] as const;

export const DEGREE_ORDER = ['MD', 'MS', 'MD/MS', 'DNB', 'Diploma', 'DNB Diploma', 'MCh', 'MPH'];

export function neetPgFiles(dataDir: string) {
  const dir = path.join(dataDir, 'neet-pg');
  return {
    allotments: path.join(dir, 'mcc_neetpg_allotments_2023_2024.csv'),
    fees: path.join(dir, 'mcc_neetpg_institute_fees_2025.csv'),
    courses: path.join(dir, 'neetpg_course_names.csv'),
    locations: path.join(dataDir, 'geo/mcc_neetpg_institute_locations.csv'),
    /** NEET PG 2025, rounds 1-3, as AIR ranges per seat group (docs/decisions/0005, "NEET PG 2025"). */
    seats2025: path.join(dir, 'mcc_neetpg_2025_r1_r3_seats.csv'),
    duplicates2025: path.join(dir, 'mcc_neetpg_2025_likely_duplicate_institutes.csv'),
    /** Only to correct the 2024 DNB course labels (dnb-labels.ts). */
    rankRanges2024: path.join(dir, 'mcc_neetpg_2024_r1_r3_rank_ranges.csv'),
  };
}

export type MedicalData = {
  institutes: MedicalInstitute[];
  cutoffs: MedicalCutoff[];
  courses: { name: string; degree: string; position: number }[];
  allotmentRows: number;
  /** The 2024 DNB-quota allotments whose course label was corrected, per label (dnb-labels.ts). */
  dnbLabels: DnbLabelStats;
  /** How each institute of the 2025 file was matched (year-2025.ts), by its Source_Inst_Index, with its institute id for All India seats. */
  matches2025: Map<string, { match: Match2025; name: string; id: string }>;
  seatGroups2025: number;
  /** The institute id of a 2025 page institute (Source_Inst_Index) for a quota (a DNB twin takes DNB seats). */
  instituteIdOf2025: (source: string, quota: string) => string;
  /** Institutes with no MCC fee-file entry: "name, address (state)". */
  unmatched: string[];
  /** Reviewed alias lines no allotment spelling uses. */
  unusedAliases: string[];
  /** The institute id of an allotment row's raw institute string and its form quota. */
  instituteIdOf: (rawInstitute: string, quota: string) => string;
};

/** A round of MCC allotments an operator added (data/lib/added-rounds.ts): its year and round are the operator's. */
export type AddedAllotments = { file: string; year: number; round: number };

/** Letters only: MCC's PDF-split spellings ('MANAGE MENT/PAI D SEATS QUOTA') compare equal. */
const letters = (s: string) => s.toUpperCase().replace(/[^A-Z]/g, '');
const QUOTA_BY_LETTERS = new Map(Object.keys(QUOTA_OF_DATA).map((q) => [letters(q), q]));

/** The allotment file's normalised quota text of a quota as MCC prints it, or null. */
export function normalisedQuota(raw: string): string | null {
  return QUOTA_BY_LETTERS.get(letters(raw)) ?? null;
}

/**
 * An added round's allotments as rows of the 2023-2024 allotment file: Year and Round from the
 * operator, the normalised quota and course taken from their columns when the file has them (else
 * the quota matched on its letters, the course with its spacing tidied).
 */
export function addedAllotmentRows(rows: Record<string, string>[], year: number, round: number): Record<string, string>[] {
  return rows.map((r) => ({
    ...r,
    Year: String(year),
    Round: `R${round}`,
    Rank: (r.Rank ?? '').trim(),
    'Allotted Quota (normalized)':
      r['Allotted Quota (normalized)']?.trim() || (normalisedQuota(r['Allotted Quota'] ?? '') ?? (r['Allotted Quota'] ?? '').trim()),
    'Course (normalized)': r['Course (normalized)']?.trim() || (r.Course ?? '').replace(/\s+/g, ' ').trim(),
    'Alloted Category': (r['Alloted Category'] ?? '').trim(),
    'Location/State': r['Location/State'] ?? '',
  }));
}

const num = (s: string | undefined) => (s?.trim() && Number.isFinite(Number(s)) ? Number(s) : null);

/** Reads and normalises the NEET PG files (no database), and the MCC rounds an operator added after them. */
export async function readMedicalData(dataDir: string, added: AddedAllotments[] = []): Promise<MedicalData> {
  const files = neetPgFiles(dataDir);
  const [published, fees, courseRows, locationRows, rows2025, duplicates2025, rankRanges] = await Promise.all([
    readCsv(files.allotments),
    readCsv(files.fees),
    readCsv(files.courses),
    readCsv(files.locations),
    readCsv(files.seats2025),
    readCsv(files.duplicates2025),
    readCsv(files.rankRanges2024),
  ]);
  const allotments = [...published];
  for (const a of added) allotments.push(...addedAllotmentRows(await readCsv(a.file), a.year, a.round));
  const dnbLabels = correctDnbLabels(allotments, rankRanges);

  const locations = new Map<number, InstituteLocationRow>();
  for (const r of locationRows) {
    const latitude = num(r.latitude);
    const longitude = num(r.longitude);
    locations.set(Number(r['MCC Institute Code']), {
      pinCode: /^\d{6}$/.test(r.pin_code?.trim() ?? '') ? r.pin_code.trim() : null,
      district: r.geonames_district?.trim() || null,
      latitude: latitude !== null && longitude !== null ? latitude : null,
      longitude: latitude !== null && longitude !== null ? longitude : null,
      state: canonicalState(r.geonames_state),
    });
  }

  const degreeOf = new Map<string, string>();
  for (const c of courseRows) if (c['Name Form'].startsWith('normalized')) degreeOf.set(c.Course, c['Degree Type (derived)']);

  const spellingsByKey = new Map<string, Spellings>();
  const agg = new Map<string, MedicalCutoff>();
  const courseNames = new Set<string>();
  // 111,701 rows name 7,678 spellings: key each spelling once.
  const keyOf = new Map<string, string>();
  const stateOf = new Map<string, string | null>();
  allotments.forEach((r, index) => {
    const year = Number(r.Year);
    const round = Number(/^R(\d)$/.exec(r.Round)?.[1]);
    const rank = Number(r.Rank);
    const quota = QUOTA_OF_DATA[r['Allotted Quota (normalized)']];
    const category = r['Alloted Category'];
    const course = canonicalCourse(dnbLabels.courseOf.get(index) ?? r['Course (normalized)'].trim());
    if (
      !Number.isInteger(year) ||
      !Number.isInteger(round) ||
      !Number.isInteger(rank) ||
      rank <= 0 ||
      !quota ||
      !(SEAT_CATEGORIES as readonly string[]).includes(category) ||
      !course
    ) {
      throw new Error(`unreadable NEET PG allotment row: ${JSON.stringify(r)}`);
    }
    const raw = r['Allotted Institute'];
    let key = keyOf.get(raw);
    if (key === undefined) keyOf.set(raw, (key = instituteKey(raw)));
    let spellings = spellingsByKey.get(key);
    if (!spellings) spellingsByKey.set(key, (spellings = new Map()));
    let s = spellings.get(raw);
    if (!s) spellings.set(raw, (s = { count: 0, states: new Map() }));
    s.count++;
    let st = stateOf.get(r['Location/State']);
    if (st === undefined) stateOf.set(r['Location/State'], (st = canonicalState(r['Location/State'])));
    if (st) s.states.set(st, (s.states.get(st) ?? 0) + 1);
    courseNames.add(course);

    const k = `${year}|${round}|${key}|${course}|${quota}|${category}`;
    const c = agg.get(k);
    if (c) {
      widen(c, rank, rank);
      c.allotments++;
      c.topRanks = topTwo([...c.topRanks, rank]);
    } else {
      agg.set(k, { year, round, instituteId: key, course, quota, category, openingRank: rank, closingRank: rank, allotments: 1, topRanks: [rank] });
    }
  });

  // NEET PG 2025: its institutes matched to the 2023-2024 ones and the MCC list (year-2025.ts).
  const seats2025 = readSeats2025(rows2025);
  const insts2025 = institutes2025(rows2025);
  let id2025: (source: string, quota: string) => string = () => {
    throw new Error('NEET PG 2025 institutes not resolved');
  };
  let matches: Map<string, Match2025> = new Map();
  const resolution = resolveInstitutes(
    spellingsByKey,
    fees,
    (code) => locations.get(code),
    undefined,
    (idOf, dnbTwinOf) => {
      const quotas = ['All India', 'DNB Quota'];
      const sameInstitute = (keys: string[]) => quotas.every((q) => new Set(keys.map((k) => idOf(k, q))).size === 1);
      matches = match2025(insts2025, [...spellingsByKey.keys()], sameInstitute, fees, duplicates2025, dnbTwinOf);
      id2025 = (source, quota) => {
        const m = matches.get(source)!;
        if (m.how === 'spelling') return idOf(m.keys[0], quota);
        if (m.how === 'duplicate') return id2025(m.of, quota);
        if (m.how === 'none') return `x-${createHash('sha1').update(`2025|${source}`).digest('hex').slice(0, 12)}`;
        const twin = dnbTwinOf(m.mcc);
        return `mcc-${twin !== undefined && quota === 'DNB Quota' ? twin : m.mcc}`;
      };
      const extra = new Map<string, Spellings>();
      for (const seat of seats2025) {
        const inst = insts2025.get(seat.source)!;
        const id = id2025(seat.source, seat.quota);
        let spellings = extra.get(id);
        if (!spellings) extra.set(id, (spellings = new Map()));
        // The page's '[State]' suffix repeats the state: not part of the name.
        // MCC's own form, 'NAME,ADDRESS' (the first comma without a space ends the name: institutes.ts).
        const spelling = `${inst.name.replace(/\s*\[[^\]]*\]/g, '')},${inst.address}, ${inst.state ?? ''}`;
        let sp = spellings.get(spelling);
        if (!sp) spellings.set(spelling, (sp = { count: 0, states: new Map() }));
        sp.count++;
        if (inst.state) sp.states.set(inst.state, (sp.states.get(inst.state) ?? 0) + 1);
      }
      return extra;
    },
  );

  // Re-key the aggregates by institute id (several spellings can be one institute).
  const cutoffs = new Map<string, MedicalCutoff>();
  for (const c of agg.values()) {
    const instituteId = resolution.idOf(c.instituteId, c.quota);
    const k = `${c.year}|${c.round}|${instituteId}|${c.course}|${c.quota}|${c.category}`;
    const prev = cutoffs.get(k);
    if (prev) {
      widen(prev, c.openingRank, c.closingRank);
      prev.allotments += c.allotments;
      prev.topRanks = topTwo([...prev.topRanks, ...c.topRanks]);
    } else cutoffs.set(k, { ...c, instituteId });
  }
  for (const seat of seats2025) {
    const instituteId = id2025(seat.source, seat.quota);
    courseNames.add(seat.course);
    for (const r of seat.rounds) {
      const k = `2025|${r.round}|${instituteId}|${seat.course}|${seat.quota}|${seat.category}`;
      const prev = cutoffs.get(k);
      if (prev) {
        // Two page institutes that are one institute: one range.
        widen(prev, r.min, r.max);
        prev.allotments += r.count;
        prev.topRanks = [prev.closingRank];
      } else {
        cutoffs.set(k, {
          year: 2025,
          round: r.round,
          instituteId,
          course: seat.course,
          quota: seat.quota,
          category: seat.category,
          openingRank: r.min,
          closingRank: r.max,
          allotments: r.count,
          topRanks: [r.max],
          ranged: true,
        });
      }
    }
  }

  const courses = [...courseNames]
    .map((name) => ({ name, degree: degreeOf.get(name) ?? NEW_COURSES[name] ?? 'Other' }))
    .sort((a, b) => rankOf(a.degree) - rankOf(b.degree) || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
    .map((c, position) => ({ ...c, position }));

  // Only institutes with at least one allotment are records (an MCC entry's DNB twin may have none).
  const withSeats = new Set([...cutoffs.values()].map((c) => c.instituteId));
  const institutes = resolution.institutes.filter((i) => withSeats.has(i.id));
  const nonDnb = new Set([...cutoffs.values()].filter((c) => c.quota !== 'DNB Quota').map((c) => c.instituteId));
  makeNamesUnique(institutes, (id) => !nonDnb.has(id));
  return {
    institutes,
    cutoffs: [...cutoffs.values()],
    courses,
    allotmentRows: allotments.length,
    dnbLabels: dnbLabels.stats,
    matches2025: new Map([...insts2025.values()].map((i) => [i.source, { match: matches.get(i.source)!, name: i.name, id: id2025(i.source, 'All India') }])),
    seatGroups2025: seats2025.length,
    instituteIdOf2025: (source, quota) => id2025(source, quota),
    unmatched: resolution.unmatched,
    unusedAliases: resolution.unusedAliases,
    instituteIdOf: (raw, quota) => resolution.idOf(instituteKey(raw), quota),
  };
}

function rankOf(degree: string): number {
  const i = DEGREE_ORDER.indexOf(degree);
  return i < 0 ? DEGREE_ORDER.length : i;
}

/** Course name → degree type, from the catalogue rows. */
export function degreeMap(courses: { name: string; degree: string }[]): Map<string, string> {
  return new Map(courses.map((c) => [c.name, c.degree]));
}

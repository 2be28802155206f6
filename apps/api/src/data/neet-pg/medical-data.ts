import path from 'node:path';
import { readCsv } from '../lib/csv.ts';
import { canonicalState } from '../lib/states.ts';
import { instituteKey, resolveInstitutes, type InstituteLocationRow, type MedicalInstitute, type Spellings } from './institutes.ts';
import { topTwo } from '../chance/neet-pg.ts';
import { widen, type MedicalCutoff } from './seats.ts';

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
  };
}

export type MedicalData = {
  institutes: MedicalInstitute[];
  cutoffs: MedicalCutoff[];
  courses: { name: string; degree: string; position: number }[];
  allotmentRows: number;
  /** The allotment file's rows as read (the chance model reuses them rather than reading the file again). */
  allotmentRecords: Record<string, string>[];
  /** Institutes with no MCC fee-file entry: "name, address (state)". */
  unmatched: string[];
  /** Reviewed alias lines no allotment spelling uses. */
  unusedAliases: string[];
  /** The institute id of an allotment row's raw institute string and its form quota. */
  instituteIdOf: (rawInstitute: string, quota: string) => string;
};

const num = (s: string | undefined) => (s?.trim() && Number.isFinite(Number(s)) ? Number(s) : null);

/** Reads and normalises the NEET PG files (no database). */
export async function readMedicalData(dataDir: string): Promise<MedicalData> {
  const files = neetPgFiles(dataDir);
  const [allotments, fees, courseRows, locationRows] = await Promise.all([
    readCsv(files.allotments),
    readCsv(files.fees),
    readCsv(files.courses),
    readCsv(files.locations),
  ]);

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
  for (const r of allotments) {
    const year = Number(r.Year);
    const round = Number(/^R(\d)$/.exec(r.Round)?.[1]);
    const rank = Number(r.Rank);
    const quota = QUOTA_OF_DATA[r['Allotted Quota (normalized)']];
    const category = r['Alloted Category'];
    const course = r['Course (normalized)'].trim();
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
  }

  const resolution = resolveInstitutes(spellingsByKey, fees, (code) => locations.get(code));

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

  const courses = [...courseNames]
    .map((name) => ({ name, degree: degreeOf.get(name) ?? 'Other' }))
    .sort((a, b) => rankOf(a.degree) - rankOf(b.degree) || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
    .map((c, position) => ({ ...c, position }));

  // Only institutes with at least one allotment are records (an MCC entry's DNB twin may have none).
  const withSeats = new Set([...cutoffs.values()].map((c) => c.instituteId));
  return {
    institutes: resolution.institutes.filter((i) => withSeats.has(i.id)),
    cutoffs: [...cutoffs.values()],
    courses,
    allotmentRows: allotments.length,
    allotmentRecords: allotments,
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

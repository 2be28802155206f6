import { createHash } from 'node:crypto';
import path from 'node:path';
import { homeStates } from '@rankwise/contract/reference';
import { readCsv } from '../lib/csv.ts';

/*
 * NEET PG (MCC All India counselling) data, read from DATA_DIR/neet-pg (see docs/decisions/0005).
 *
 * Rules, each with its reason:
 * - Institutes: the allotment file's "Allotted Institute" is MCC's "name, address" string, with
 *   words split by PDF extraction ('MAHARAS HTRA') and spacing/comma noise. Two strings are the
 *   same institute when they are equal after upper-casing, dropping a trailing 6-digit PIN code and
 *   removing everything but letters and digits (that undoes split words without guessing). When
 *   that key equals the key of exactly one MCC fee-file entry (its full name/address), the
 *   institute is that MCC institute (id 'mcc-<code>', name and address as MCC lists them, fees
 *   joined). Otherwise it stays on its own, fees 'NA', and the importer lists it as unmatched. No
 *   looser matching: 'DISTRICT HOSPITAL' or 'GOVERNMENT MEDICAL COLLEGE' prefixes fit dozens of
 *   institutes, and a wrong join would show another institute's fee as fact.
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

/**
 * MCC holds three main rounds and then stray-vacancy rounds. In the data, rounds R4 and R5 hold
 * about a fifth and a twentieth of R3's allotments in both years (2024: 13,991 / 2,331 / 558), the
 * pattern of stray rounds, so R3 is taken as the last main round.
 */
export const LAST_MAIN_ROUND = 3;

export const DEGREE_ORDER = ['MD', 'MS', 'MD/MS', 'DNB', 'Diploma', 'DNB Diploma', 'MCh', 'MPH'];

export function neetPgFiles(dataDir: string) {
  const dir = path.join(dataDir, 'neet-pg');
  return {
    allotments: path.join(dir, 'mcc_neetpg_allotments_2023_2024.csv'),
    fees: path.join(dir, 'mcc_neetpg_institute_fees_2025.csv'),
    courses: path.join(dir, 'neetpg_course_names.csv'),
  };
}

/** Upper-cased, PIN code dropped, letters and digits only. */
export function instituteKey(raw: string): string {
  return raw
    .toUpperCase()
    .trim()
    .replace(/[\s,.-]*\d{6}[\s,.]*$/, '')
    .replace(/[^A-Z0-9]/g, '');
}

/** A figure as written ('1,25,000', 'Rs. 1,25,000/-', '12,000.00'), or null for anything else (0, ranges, text). */
export function parseFee(text: string | undefined): number | null {
  if (!text) return null;
  const s = text
    .trim()
    .replace(/^(rs\.?|inr|₹)\s*/i, '')
    .replace(/\s*\/-$/, '')
    .trim();
  if (!/^(\d{1,3}(,\d{2,3})+|\d+)(\.\d+)?$/.test(s)) return null;
  const n = Math.round(Number(s.replaceAll(',', '')));
  return Number.isSafeInteger(n) && n > 0 ? n : null;
}

const stateAliases: [string, string][] = [
  ...homeStates.filter((s) => s !== 'Outside India').map((s): [string, string] => [s, s]),
  ['Delhi (NCT)', 'Delhi'],
  ['New Delhi', 'Delhi'],
  ['Orissa', 'Odisha'],
  ['Pondicherry', 'Puducherry'],
  ['Dadra and Nagar Haveli', 'Dadra and Nagar Haveli and Daman and Diu'],
  ['Daman and Diu', 'Dadra and Nagar Haveli and Daman and Diu'],
  ['Uttaranchal', 'Uttarakhand'],
  ['Jammu & Kashmir', 'Jammu and Kashmir'],
].map(([alias, state]) => [alias.toUpperCase().replace(/[^A-Z]/g, ''), state]);

/** A state or UT name as the contract spells it, or null. */
export function canonicalState(name: string | undefined): string | null {
  if (!name?.trim()) return null;
  const k = name.toUpperCase().replace(/[^A-Z]/g, '');
  return stateAliases.find(([a]) => a === k)?.[1] ?? null;
}

/** The state named LAST in an address (addresses end with the state), compared without spaces. */
export function stateFromAddress(address: string): string | null {
  const k = address.toUpperCase().replace(/[^A-Z]/g, '');
  let best: { end: number; len: number; state: string } | null = null;
  for (const [alias, state] of stateAliases) {
    const at = k.lastIndexOf(alias);
    if (at < 0) continue;
    const end = at + alias.length;
    if (!best || end > best.end || (end === best.end && alias.length > best.len)) best = { end, len: alias.length, state };
  }
  return best?.state ?? null;
}

/** Splits an MCC "name,address" string at its first comma not followed by a space. */
export function splitNameAddress(raw: string): { name: string; address: string } {
  const s = raw.replace(/\s+/g, ' ').trim();
  const m = /^(.*?[^,\s].*?),(?=[^\s])(.*)$/.exec(s);
  const name = (m ? m[1] : s).replace(/[\s,-]+$/, '').trim();
  const address = (m ? m[2] : '').replace(/^[\s,]+/, '').trim();
  return { name, address };
}

export type MedicalInstitute = {
  id: string;
  name: string;
  address: string | null;
  state: string | null;
  mccCode: number | null;
  annualFeeInr: number | null;
  annualFeeText: string | null;
  bondYears: number | null;
  bondPenaltyInr: number | null;
};

export type MedicalCutoff = {
  year: number;
  round: number;
  instituteId: string;
  course: string;
  quota: string;
  category: string;
  openingRank: number;
  closingRank: number;
  allotments: number;
};

export type MedicalSeat = {
  id: string;
  instituteId: string;
  course: string;
  degree: string;
  quota: string;
  category: string;
  openingRank: number;
  closingRank: number;
  year: number;
  round: number;
};

export type MedicalData = {
  institutes: MedicalInstitute[];
  cutoffs: MedicalCutoff[];
  courses: { name: string; degree: string; position: number }[];
  allotmentRows: number;
  /** Institutes with no MCC fee-file entry: "name, address (state)". */
  unmatched: string[];
  /** instituteKey(raw MCC string) → institute id. */
  instituteIdOfKey: Map<string, string>;
};

export type MedicalReferenceChoice = { year: number; round: number };

/**
 * The reference round: the configured year (default: the latest in the data) and round (default:
 * the last main round, R3, or the highest round that year has if lower).
 */
export function referenceRound(cutoffs: { year: number; round: number }[], year?: number, round?: number): MedicalReferenceChoice {
  const years = [...new Set(cutoffs.map((c) => c.year))];
  const y = year ?? Math.max(...years);
  if (!years.includes(y)) throw new Error(`MEDICAL_REFERENCE_YEAR ${y} is not in the NEET PG data (years: ${years.sort().join(', ')})`);
  const rounds = [...new Set(cutoffs.filter((c) => c.year === y).map((c) => c.round))];
  const r = round ?? Math.max(...rounds.filter((x) => x <= LAST_MAIN_ROUND));
  if (!rounds.includes(r)) throw new Error(`MEDICAL_REFERENCE_ROUND ${r} is not in the NEET PG data of ${y} (rounds: ${rounds.sort().join(', ')})`);
  return { year: y, round: r };
}

/** Opening rank is the lowest AIR allotted, closing the highest. */
function widen(r: { openingRank: number; closingRank: number }, opening: number, closing: number): void {
  r.openingRank = Math.min(r.openingRank, opening);
  r.closingRank = Math.max(r.closingRank, closing);
}

/**
 * A seat's ranks in the reference round: the lowest (opening) and highest (closing) AIR at which
 * the seat (institute × course × quota × seat category) was allotted in any round of the reference
 * year up to and including the reference round. Why cumulative: each round's rows are only that
 * round's new allotments and upgrades, so round R3 alone would leave out every seat filled in R1 and
 * kept; and a rank that was allotted the seat in an earlier round shows a student at that rank or
 * better could have got it. Seats with no allotment in those rounds are not shown.
 */
export function buildSeats(cutoffs: MedicalCutoff[], ref: MedicalReferenceChoice, degreeOf: Map<string, string>): MedicalSeat[] {
  const seats = new Map<string, MedicalSeat>();
  for (const c of cutoffs) {
    if (c.year !== ref.year || c.round > ref.round) continue;
    const key = `${c.instituteId}|${c.course}|${c.quota}|${c.category}`;
    const s = seats.get(key);
    if (s) widen(s, c.openingRank, c.closingRank);
    else {
      seats.set(key, {
        id: createHash('sha1').update(key).digest('hex').slice(0, 16),
        instituteId: c.instituteId,
        course: c.course,
        degree: degreeOf.get(c.course) ?? 'Other',
        quota: c.quota,
        category: c.category,
        openingRank: c.openingRank,
        closingRank: c.closingRank,
        year: ref.year,
        round: ref.round,
      });
    }
  }
  return [...seats.values()];
}

type Variant = { raw: string; count: number; states: Map<string, number> };

/** Reads and normalises the NEET PG files (no database). */
export async function readMedicalData(dataDir: string): Promise<MedicalData> {
  const files = neetPgFiles(dataDir);
  const [allotments, fees, courseRows] = await Promise.all([readCsv(files.allotments), readCsv(files.fees), readCsv(files.courses)]);

  // MCC fee file: key of the full name/address → entry (keys held by two entries are dropped).
  const feeByKey = new Map<string, Record<string, string> | null>();
  for (const f of fees) {
    const k = instituteKey(f['Institute Full Name/Address (MCC list)']);
    feeByKey.set(k, feeByKey.has(k) ? null : f);
  }

  // Second tier: the string's PIN code equals an MCC entry's PIN and the entry's name starts the
  // string; accepted only when exactly one MCC entry fits (the PIN tells apart the many 'District
  // Hospital's, the name prefix the several institutes of one PIN).
  const feesByPin = new Map<string, Record<string, string>[]>();
  for (const f of fees) {
    const pin = f['Pin Code']?.replace(/\s/g, '');
    if (/^\d{6}$/.test(pin ?? '')) feesByPin.set(pin, [...(feesByPin.get(pin) ?? []), f]);
  }
  const feeByPinAndName = (key: string, variants: Variant[]): Record<string, string> | null => {
    const found = new Set<Record<string, string>>();
    for (const v of variants) {
      const pin = /(\d{3}\s?\d{3})\s*$/.exec(v.raw.trim())?.[1].replace(/\s/g, '');
      for (const f of (pin && feesByPin.get(pin)) || []) {
        const nameKey = instituteKey(f['Institute Name']);
        if (nameKey.length >= 8 && key.startsWith(nameKey)) found.add(f);
      }
    }
    return found.size === 1 ? [...found][0] : null;
  };

  const degreeOf = new Map<string, string>();
  for (const c of courseRows) if (c['Name Form'].startsWith('normalized')) degreeOf.set(c.Course, c['Degree Type (derived)']);

  const variantsByKey = new Map<string, Map<string, Variant>>();
  const agg = new Map<string, MedicalCutoff>();
  const courseNames = new Set<string>();
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
    const key = instituteKey(raw);
    let variants = variantsByKey.get(key);
    if (!variants) variantsByKey.set(key, (variants = new Map()));
    let v = variants.get(raw);
    if (!v) variants.set(raw, (v = { raw, count: 0, states: new Map() }));
    v.count++;
    const st = canonicalState(r['Location/State']);
    if (st) v.states.set(st, (v.states.get(st) ?? 0) + 1);
    courseNames.add(course);

    const k = `${year}|${round}|${key}|${course}|${quota}|${category}`;
    const c = agg.get(k);
    if (c) {
      widen(c, rank, rank);
      c.allotments++;
    } else {
      agg.set(k, { year, round, instituteId: key, course, quota, category, openingRank: rank, closingRank: rank, allotments: 1 });
    }
  }

  // One institute per key; several keys may meet in one MCC institute.
  const idOfKey = new Map<string, string>();
  const institutes = new Map<string, MedicalInstitute>();
  const unmatched: string[] = [];
  for (const [key, variants] of variantsByKey) {
    const all = [...variants.values()];
    const fee = feeByKey.get(key) ?? feeByPinAndName(key, all);
    const stateVotes = new Map<string, number>();
    for (const v of all) for (const [s, n] of v.states) stateVotes.set(s, (stateVotes.get(s) ?? 0) + n);
    const dataState = [...stateVotes].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))[0]?.[0] ?? null;
    if (fee) {
      const id = `mcc-${fee['MCC Institute Code']}`;
      idOfKey.set(key, id);
      if (institutes.has(id)) continue;
      const name = fee['Institute Name']
        .replace(/[\s,-]+$/, '')
        .replace(/\s+/g, ' ')
        .trim();
      const full = fee['Institute Full Name/Address (MCC list)'].replace(/\s+/g, ' ').trim();
      const address = full.startsWith(fee['Institute Name']) ? full.slice(fee['Institute Name'].length).replace(/^[\s,]+/, '') : full;
      const bondYears = /^\d+$/.test(fee['Bond Years']?.trim() ?? '') ? Number(fee['Bond Years']) : null;
      institutes.set(id, {
        id,
        name,
        address: address || null,
        state: canonicalState(fee['Location/State']) ?? dataState ?? stateFromAddress(full),
        mccCode: Number(fee['MCC Institute Code']),
        annualFeeInr: parseFee(fee['Annual Fee (INR)']),
        annualFeeText: fee['Annual Fee (INR)']?.trim() || null,
        bondYears: bondYears && bondYears > 0 ? bondYears : null,
        bondPenaltyInr: parseFee(fee['Bond Penalty (INR)']),
      });
    } else {
      // Of the spellings, the one with the fewest words has the fewest split words; then the most used.
      const words = (s: string) => s.trim().split(/[\s,]+/).length;
      const best = all.sort((a, b) => words(a.raw) - words(b.raw) || b.count - a.count || (a.raw < b.raw ? -1 : 1))[0];
      const { name, address } = splitNameAddress(best.raw);
      const id = `x-${createHash('sha1').update(key).digest('hex').slice(0, 12)}`;
      idOfKey.set(key, id);
      const state = dataState ?? stateFromAddress(best.raw);
      institutes.set(id, {
        id,
        name,
        address: address || null,
        state,
        mccCode: null,
        annualFeeInr: null,
        annualFeeText: null,
        bondYears: null,
        bondPenaltyInr: null,
      });
      unmatched.push(`${best.raw.replace(/\s+/g, ' ').trim()} (${state ?? 'state NA'})`);
    }
  }

  // Re-key the aggregates by institute id (several keys can share one MCC institute).
  const cutoffs = new Map<string, MedicalCutoff>();
  for (const c of agg.values()) {
    const instituteId = idOfKey.get(c.instituteId)!;
    const k = `${c.year}|${c.round}|${instituteId}|${c.course}|${c.quota}|${c.category}`;
    const prev = cutoffs.get(k);
    if (prev) {
      widen(prev, c.openingRank, c.closingRank);
      prev.allotments += c.allotments;
    } else cutoffs.set(k, { ...c, instituteId });
  }

  const courses = [...courseNames]
    .map((name) => ({ name, degree: degreeOf.get(name) ?? 'Other' }))
    .sort((a, b) => rankOf(a.degree) - rankOf(b.degree) || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
    .map((c, position) => ({ ...c, position }));

  return {
    institutes: [...institutes.values()],
    cutoffs: [...cutoffs.values()],
    courses,
    allotmentRows: allotments.length,
    unmatched: unmatched.sort(),
    instituteIdOfKey: idOfKey,
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

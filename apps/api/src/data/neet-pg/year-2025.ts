import { canonicalState } from '../lib/states.ts';
import { CATEGORY_OF_2025, COURSE_OF_2025, QUOTA_OF_2025 } from './courses.ts';
import { instituteKey, type FeeEntry } from './institutes.ts';

/*
 * NEET PG 2025 (MCC All India rounds 1-3): `mcc_neetpg_2025_r1_r3_seats.csv`, one row per seat
 * group (institute × course × quota × allotted category) with each round's lowest and highest AIR
 * and its count of new allotments (docs/decisions/0005, "NEET PG 2025"). This module matches its
 * institutes to the product's and maps its labels; seats.ts turns the ranges into closing ranks.
 *
 * An institute of the file is its `Source_Inst_Index` (the page's own institute: name, state, PIN;
 * two of them can share a display name). It is matched, in this order:
 *  1. to the 2023-2024 allotment spellings whose key starts with its name's key and contains the
 *     first 30 letters of its address's key: when all of them are one product institute (for the
 *     row's quota: an MCC institute's DNB twin takes its DNB seats), that one; else the same with
 *     only the spellings that hold the longest start of its address;
 *  2. else to the MCC list (fee file) the same way: one entry (an entry and its DNB twin count as one);
 *  3. else by a PIN in its address and an MCC entry at that PIN whose name's key and its name's key
 *     start one another: exactly one entry;
 *  4. else by its name's key equal to exactly one MCC entry's name key in the same state;
 *  5. else it stays its own institute (fees 'NA'), joined with its pair in
 *     `mcc_neetpg_2025_likely_duplicate_institutes.csv` (the page split one college in two when MCC
 *     wrote it differently; same state and PIN), except the pairs in NOT_DUPLICATES, and with any
 *     other page institute left alone that has the same name (its '[State]' suffix aside) and PIN.
 */

/** Pairs of the duplicates file that are two institutes (read by eye). */
export const NOT_DUPLICATES: [string, string][] = [
  // Paras Hospital, Sushant Lok, Gurugram and Park Hospital, Gurugram: two hospitals at one PIN.
  ['Paras Hospital (C1 Sushant Lok Sector 43 Gurugram-12202 Haryana)', 'Park Hospital [Haryana]'],
];

export type Row2025 = Record<string, string>;

export type Seat2025 = {
  /** The page's institute (Source_Inst_Index). */
  source: string;
  course: string;
  quota: string;
  category: string;
  /** [round, min AIR, max AIR, count] of each round with allotments. */
  rounds: { round: number; min: number; max: number; count: number }[];
};

/** The page's name without its disambiguation suffixes ('(Begumpet) [Telangana]'). */
export function baseName(name: string): string {
  let s = name.trim();
  for (let i = 0; i < 3; i++) s = s.replace(/\s*[([][^()[\]]*[)\]]?\s*$/, '').trim();
  return s || name.trim();
}

const num = (s: string | undefined) => (s?.trim() ? Number(s) : NaN);

/** The 2025 rows as seats with the product's labels; throws on a label or number it cannot read. */
export function readSeats2025(rows: Row2025[]): Seat2025[] {
  return rows.map((r) => {
    const course = COURSE_OF_2025[r.Course];
    const quota = QUOTA_OF_2025[r.Quota];
    const category = CATEGORY_OF_2025[r.Allotted_Category];
    if (!course || !quota || !category || r.Year !== '2025') throw new Error(`unreadable NEET PG 2025 row: ${JSON.stringify(r)}`);
    const rounds: Seat2025['rounds'] = [];
    for (const round of [1, 2, 3]) {
      const count = num(r[`R${round}_Count`]);
      if (!count) continue;
      const min = num(r[`R${round}_Min_AIR`]);
      const max = num(r[`R${round}_Max_AIR`]);
      if (!Number.isInteger(min) || !Number.isInteger(max) || min < 1 || min > max || !Number.isInteger(count) || count < 1 || (count === 1 && min !== max)) {
        throw new Error(`unreadable NEET PG 2025 ranks: ${JSON.stringify(r)}`);
      }
      rounds.push({ round, min, max, count });
    }
    return { source: r.Source_Inst_Index, course, quota, category, rounds };
  });
}

export type Institute2025 = { source: string; name: string; state: string | null; address: string; pin: string | null; spelling: string };

/** Each page institute once: its name, state, address, PIN, and a 'name, address, state' spelling. */
export function institutes2025(rows: Row2025[]): Map<string, Institute2025> {
  const out = new Map<string, Institute2025>();
  for (const r of rows) {
    if (out.has(r.Source_Inst_Index)) continue;
    const address = r.Institute_Address.replace(/\s+/g, ' ').trim();
    const pin = /(?<!\d)(\d{3})\s?(\d{3})(?!\d)/.exec(address);
    out.set(r.Source_Inst_Index, {
      source: r.Source_Inst_Index,
      name: r.Institute.trim(),
      state: canonicalState(r.State),
      address,
      pin: pin ? pin[1] + pin[2] : null,
      spelling: `${r.Institute.trim()}, ${address}, ${r.State}`,
    });
  }
  return out;
}

export type Match2025 =
  { how: 'spelling'; keys: string[] } | { how: 'mcc-address' | 'mcc-pin' | 'mcc-name'; mcc: number } | { how: 'duplicate'; of: string } | { how: 'none' };

/**
 * How each 2025 institute is matched (rules 1-5 above). `spellingKeys` are the 2023-2024 spelling
 * keys, `sameInstitute` says whether a set of them is one institute.
 */
export function match2025(
  institutes: Map<string, Institute2025>,
  spellingKeys: string[],
  sameInstitute: (keys: string[]) => boolean,
  fees: FeeEntry[],
  duplicates: Row2025[],
  dnbTwinOf: (mcc: number) => number | undefined = () => undefined,
): Map<string, Match2025> {
  const feeKeys = fees.map((f) => ({
    code: Number(f['MCC Institute Code']),
    full: instituteKey(f['Institute Full Name/Address (MCC list)']),
    name: instituteKey(f['Institute Name']),
    f,
  }));
  // An MCC institute and its DNB twin (institute-aliases.ts) are one institute here: the quota decides later.
  const twinOf = new Map<number, number>();
  for (const f of feeKeys) {
    const t = dnbTwinOf(f.code);
    if (t !== undefined) twinOf.set(t, f.code);
  }
  const mainOf = (code: number) => twinOf.get(code) ?? code;
  const out = new Map<string, Match2025>();
  for (const inst of institutes.values()) {
    const nk = instituteKey(baseName(inst.name));
    // The address is cut at 90 characters: its key's first 30 letters are what any spelling must hold.
    const full = instituteKey(inst.address);
    const ak = full.slice(0, 30);
    const fits = (k: string) => nk.length >= 4 && k.startsWith(nk) && (ak.length < 8 || k.includes(ak));
    // Of several that fit, those holding the longest start of the address.
    const overlap = (k: string) => {
      let n = ak.length;
      while (n < full.length && k.includes(full.slice(0, n + 1))) n++;
      return n;
    };
    const best = <T>(xs: T[], key: (x: T) => string) => {
      if (xs.length < 2) return xs;
      const scores = xs.map((x) => overlap(key(x)));
      const top = Math.max(...scores);
      return xs.filter((_, i) => scores[i] === top);
    };
    const keys = spellingKeys.filter(fits);
    if (keys.length && sameInstitute(keys)) {
      out.set(inst.source, { how: 'spelling', keys });
      continue;
    }
    const bestKeys = best(keys, (k) => k);
    if (bestKeys.length && sameInstitute(bestKeys)) {
      out.set(inst.source, { how: 'spelling', keys: bestKeys });
      continue;
    }
    const byAddress = best(
      feeKeys.filter((f) => fits(f.full)),
      (f) => f.full,
    );
    if (byAddress.length && new Set(byAddress.map((f) => mainOf(f.code))).size === 1) {
      out.set(inst.source, { how: 'mcc-address', mcc: mainOf(byAddress[0].code) });
      continue;
    }
    if (inst.pin) {
      const atPin = feeKeys.filter(
        (f) => f.f['Pin Code']?.replace(/\s/g, '') === inst.pin && f.name.length >= 4 && (f.name.startsWith(nk) || nk.startsWith(f.name)),
      );
      if (atPin.length === 1) {
        out.set(inst.source, { how: 'mcc-pin', mcc: atPin[0].code });
        continue;
      }
    }
    const byName = feeKeys.filter((f) => f.name === nk && canonicalState(f.f['Location/State']) === inst.state);
    if (byName.length === 1) {
      out.set(inst.source, { how: 'mcc-name', mcc: byName[0].code });
      continue;
    }
    out.set(inst.source, { how: 'none' });
  }
  // Rule 5: a page institute left alone joins its likely duplicate (same state and PIN).
  const excluded = new Set(NOT_DUPLICATES.map(([a, b]) => `${a}\u0001${b}`));
  const byName = new Map<string, Institute2025[]>();
  for (const i of institutes.values()) byName.set(i.name, [...(byName.get(i.name) ?? []), i]);
  for (const d of duplicates) {
    if (excluded.has(`${d.institute_a}\u0001${d.institute_b}`)) continue;
    const side = (name: string) => (byName.get(name) ?? []).filter((i) => !d.state || i.state === canonicalState(d.state));
    const a = side(d.institute_a);
    const b = side(d.institute_b);
    const all = [...new Set([...a, ...b])];
    const anchor = all.find((i) => out.get(i.source)!.how !== 'none') ?? all[0];
    if (!anchor) continue;
    for (const i of all) {
      if (i !== anchor && out.get(i.source)!.how === 'none') out.set(i.source, { how: 'duplicate', of: anchor.source });
    }
  }
  // Rule 5, continued: page institutes left alone with one name and one PIN are one (the page split
  // 'Ujala Cygnus Central Hospital' by its state, written 'Other' once).
  const alone = new Map<string, Institute2025>();
  for (const i of institutes.values()) {
    if (out.get(i.source)!.how !== 'none' || !i.pin) continue;
    const k = `${instituteKey(i.name.replace(/\s*\[[^\]]*\]/g, ''))}|${i.pin}`;
    const first = alone.get(k);
    if (first) out.set(i.source, { how: 'duplicate', of: first.source });
    else alone.set(k, i);
  }
  return out;
}

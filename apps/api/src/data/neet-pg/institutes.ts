import { createHash } from 'node:crypto';
import { canonicalState, stateFromAddress } from '../lib/states.ts';
import { displayName } from './display-name.ts';
import { instituteAliases, type InstituteAlias } from './institute-aliases.ts';

/*
 * NEET PG institutes: one record per institute (docs/decisions/0005).
 *
 * The allotment file names an institute by MCC's "name, address" string, spelt differently from
 * round to round (PDF-split words, spacing, commas, a PIN or none, 'GOVT' or 'GOVERNMENT'). Each
 * spelling is reduced to a key (instituteKey); a key is then an MCC institute of the fee file:
 *  1. the reviewed alias table (institute-aliases.ts) decides first;
 *  2. else the key equals the key of exactly one fee-file entry's full name and address;
 *  3. else the spelling's PIN code is an entry's PIN and that entry's name starts the spelling,
 *     with exactly one entry fitting.
 * Nothing looser: 'DISTRICT HOSPITAL' or 'GOVERNMENT MEDICAL COLLEGE' fit dozens of entries, and a
 * wrong join would show another institute's fee as fact. What stays unmatched is its own record
 * (fees 'NA') and is listed by the importer.
 */

export type FeeEntry = Record<string, string>;

export type MedicalInstitute = {
  id: string;
  name: string;
  rawNames: string[];
  address: string | null;
  state: string | null;
  mccCode: number | null;
  pinCode: string | null;
  district: string | null;
  latitude: number | null;
  longitude: number | null;
  annualFeeInr: number | null;
  annualFeeText: string | null;
  bondYears: number | null;
  bondPenaltyInr: number | null;
};

/** Where the spellings of one key were seen: how often, and the allotment file's own state column. */
export type Spellings = Map<string, { count: number; states: Map<string, number> }>;

export type InstituteLocationRow = {
  pinCode: string | null;
  district: string | null;
  latitude: number | null;
  longitude: number | null;
  /** The state GeoNames gives for the PIN code. */
  state: string | null;
};

/** Upper case, PIN codes dropped, letters and digits only, 'GOVT' read as 'GOVERNMENT'. */
export function instituteKey(raw: string): string {
  return raw
    .toUpperCase()
    .replace(/(?<!\d)\d{3}\s?\d{3}(?!\d)/g, ' ')
    .replace(/[^A-Z0-9]/g, '')
    .replaceAll('GOVT', 'GOVERNMENT');
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

/**
 * The least and most a yearly fee can be. The lowest real fee in the file is a government
 * college's 2,481 a year; the values below 1,000 (1, 12 and 300, at ESIC Joka, Mahatma Gandhi
 * Hospital Bhilwara and a 'Test Demo' entry) are truncations or placeholders. The highest is 50
 * lakh. A figure outside these bounds is shown as 'NA'.
 */
export const MIN_YEARLY_FEE_INR = 1_000;
export const MAX_YEARLY_FEE_INR = 1_00_00_000;

/** The yearly fee to show: one figure within the plausible bounds, else null ('NA'). */
export function yearlyFee(text: string | undefined): number | null {
  const n = parseFee(text);
  return n !== null && n >= MIN_YEARLY_FEE_INR && n <= MAX_YEARLY_FEE_INR ? n : null;
}

/** Splits an MCC "name,address" string at its first comma not followed by a space. */
export function splitNameAddress(raw: string): { name: string; address: string } {
  const s = raw.replace(/\s+/g, ' ').trim();
  const m = /^(.*?[^,\s].*?),(?=[^\s])(.*)$/.exec(s);
  const name = (m ? m[1] : s).replace(/[\s,-]+$/, '').trim();
  const address = (m ? m[2] : '').replace(/^[\s,]+/, '').trim();
  return { name, address };
}

const clean = (s: string) => s.replace(/\s+/g, ' ').trim();

function majority(votes: Map<string, number>): string | null {
  return [...votes].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))[0]?.[0] ?? null;
}

/**
 * The state of an institute: named by its allotment addresses (their majority); else by the MCC
 * list's address; else the fee file's state column, only when it names a real state and agrees
 * with the allotment file's own state column; else the state of the MCC PIN code (GeoNames). The
 * fee file's state column alone is never used: it holds road names for some institutes ('Ruby Eye
 * Hospital, ... GOVINDA BIHAR, ...' → 'Bihar'). An institute with no MCC entry whose addresses name
 * no state takes the majority of the data's own state column.
 * One correction: when the fee file's state and the PIN code's state agree with each other, the
 * address names that state too, and only a stale state ends the address, the two agreeing sources
 * win ('... HYDERABAD PIN 500029 TELANGANA STATE, ANDHRA PRADESH' is in Telangana).
 */
export function instituteState(spellings: Spellings, fee: FeeEntry | null, pinState: string | null = null): string | null {
  const votes = new Map<string, number>();
  for (const [raw, s] of spellings) {
    const st = stateFromAddress(raw);
    if (st) votes.set(st, (votes.get(st) ?? 0) + s.count);
  }
  const fromAllotments = majority(votes);
  if (fromAllotments) {
    const feeState = fee ? canonicalState(fee['Location/State']) : null;
    const letters = (x: string) => x.toUpperCase().replace(/[^A-Z]/g, '');
    const named = (st: string) => [...spellings.keys()].some((raw) => letters(raw).includes(letters(st)));
    if (feeState && feeState !== fromAllotments && feeState === pinState && named(feeState)) return feeState;
    return fromAllotments;
  }
  if (fee) {
    const fromMcc = stateFromAddress(fee['Institute Full Name/Address (MCC list)'] ?? '');
    if (fromMcc) return fromMcc;
    const column = new Map<string, number>();
    for (const s of spellings.values()) for (const [st, n] of s.states) column.set(st, (column.get(st) ?? 0) + n);
    const feeState = canonicalState(fee['Location/State']);
    if (feeState && feeState === majority(column)) return feeState;
  }
  if (pinState || fee) return pinState;
  // No MCC entry: the state column of the rows that name it (the allotment file's, the 2025 file's).
  const column = new Map<string, number>();
  for (const s of spellings.values()) for (const [st, n] of s.states) column.set(st, (column.get(st) ?? 0) + n);
  return majority(column);
}

export type InstituteResolution = {
  /** The institute id of a spelling key; `quota` decides between an institute's MD/MS and DNB entries. */
  idOf(key: string, quota: string): string;
  institutes: MedicalInstitute[];
  /** Unmatched institutes, as "name, address (state)". */
  unmatched: string[];
  /** Alias lines whose spelling no allotment has (reviewed table gone stale). */
  unusedAliases: string[];
};

/** Resolves every spelling key of the allotment file to one institute record. */
export function resolveInstitutes(
  spellingsByKey: Map<string, Spellings>,
  fees: FeeEntry[],
  locationOf: (mccCode: number) => InstituteLocationRow | undefined,
  aliases: InstituteAlias[] = instituteAliases,
  /**
   * Spellings of another source (NEET PG 2025) by institute id, given the spelling keys' ids: an
   * `mcc-` id becomes (or joins) that MCC institute, any other id is an institute of its own.
   */
  extra?: (idOf: (key: string, quota: string) => string, dnbTwinOf: (mcc: number) => number | undefined) => Map<string, Spellings>,
): InstituteResolution {
  const feeByCode = new Map(fees.map((f) => [Number(f['MCC Institute Code']), f]));
  const feesByKey = new Map<string, FeeEntry[]>();
  for (const f of fees) {
    const k = instituteKey(f['Institute Full Name/Address (MCC list)']);
    feesByKey.set(k, [...(feesByKey.get(k) ?? []), f]);
  }
  const feesByPin = new Map<string, FeeEntry[]>();
  for (const f of fees) {
    const pin = f['Pin Code']?.replace(/\s/g, '');
    if (/^\d{6}$/.test(pin ?? '')) feesByPin.set(pin, [...(feesByPin.get(pin) ?? []), f]);
  }
  const aliasByKey = new Map<string, InstituteAlias>();
  for (const a of aliases) {
    const k = instituteKey(a.spelling);
    if (aliasByKey.has(k)) throw new Error(`institute-aliases.ts: two lines for one spelling: ${a.spelling}`);
    if ('mcc' in a && (!feeByCode.has(a.mcc) || (a.dnbMcc !== undefined && !feeByCode.has(a.dnbMcc)))) {
      throw new Error(`institute-aliases.ts: MCC code not in the fee file: ${a.spelling}`);
    }
    aliasByKey.set(k, a);
  }

  const byPinAndName = (key: string, spellings: Spellings): FeeEntry | null => {
    const found = new Set<FeeEntry>();
    for (const raw of spellings.keys()) {
      const pin = /(\d{3}\s?\d{3})\s*$/.exec(raw.trim())?.[1].replace(/\s/g, '');
      for (const f of (pin && feesByPin.get(pin)) || []) {
        const nameKey = instituteKey(f['Institute Name']);
        if (nameKey.length >= 8 && key.startsWith(nameKey)) found.add(f);
      }
    }
    return found.size === 1 ? [...found][0] : null;
  };

  // Key → { mcc, dnbMcc } or → the key of the unmatched group it belongs to.
  const matched = new Map<string, { mcc: number; dnbMcc?: number }>();
  const groupOf = new Map<string, string>();
  const usedAliases = new Set<InstituteAlias>();
  for (const [key, spellings] of spellingsByKey) {
    const alias = aliasByKey.get(key);
    if (alias) usedAliases.add(alias);
    if (alias && 'mcc' in alias) {
      matched.set(key, { mcc: alias.mcc, dnbMcc: alias.dnbMcc });
      continue;
    }
    if (alias && 'sameAs' in alias) {
      groupOf.set(key, instituteKey(alias.sameAs));
      continue;
    }
    const exact = feesByKey.get(key);
    const fee = exact?.length === 1 ? exact[0] : exact ? null : byPinAndName(key, spellings);
    if (fee) matched.set(key, { mcc: Number(fee['MCC Institute Code']) });
    else groupOf.set(key, key);
  }
  for (const [key, target] of groupOf) {
    if (!groupOf.has(target) || groupOf.get(target) !== target) throw new Error(`institute-aliases.ts: sameAs target is not an unmatched spelling: ${key}`);
  }

  const unmatchedId = (groupKey: string) => `x-${createHash('sha1').update(groupKey).digest('hex').slice(0, 12)}`;
  const isDnbQuota = (quota: string) => quota === 'DNB Quota';
  const idOf = (key: string, quota: string) => {
    const m = matched.get(key);
    if (m) return `mcc-${m.dnbMcc !== undefined && isDnbQuota(quota) ? m.dnbMcc : m.mcc}`;
    const group = groupOf.get(key);
    if (group === undefined) throw new Error(`unknown institute key ${key}`);
    return unmatchedId(group);
  };
  const twins = new Map<number, number>();
  for (const a of aliases) if ('mcc' in a && a.dnbMcc !== undefined) twins.set(a.mcc, a.dnbMcc);

  // Collect the spellings of each institute id.
  const spellingsOfId = new Map<string, Spellings>();
  const addSpellings = (id: string, s: Spellings) => {
    let all = spellingsOfId.get(id);
    if (!all) spellingsOfId.set(id, (all = new Map()));
    for (const [raw, v] of s) all.set(raw, v);
  };
  for (const [key, spellings] of spellingsByKey) {
    const m = matched.get(key);
    if (m) {
      addSpellings(`mcc-${m.mcc}`, spellings);
      if (m.dnbMcc !== undefined) addSpellings(`mcc-${m.dnbMcc}`, spellings);
    } else addSpellings(unmatchedId(groupOf.get(key)!), spellings);
  }
  for (const [id, s] of extra?.(idOf, (mcc) => twins.get(mcc)) ?? []) {
    if (id.startsWith('mcc-') && !feeByCode.has(Number(id.slice(4)))) throw new Error(`NEET PG 2025: MCC code not in the fee file: ${id}`);
    addSpellings(id, s);
  }

  const institutes: MedicalInstitute[] = [];
  const unmatched: string[] = [];
  for (const [id, spellings] of spellingsOfId) {
    const rawNames = [...spellings.keys()].map(clean).sort();
    if (id.startsWith('mcc-')) {
      const code = Number(id.slice(4));
      const fee = feeByCode.get(code)!;
      const full = clean(fee['Institute Full Name/Address (MCC list)']);
      const feeName = clean(fee['Institute Name']);
      const address = full.startsWith(feeName) ? full.slice(feeName.length).replace(/^[\s,]+/, '') : full;
      const bondYears = /^\d+$/.test(fee['Bond Years']?.trim() ?? '') ? Number(fee['Bond Years']) : null;
      const loc = locationOf(code);
      institutes.push({
        id,
        name: displayName(fee['Institute Name'], fee['Institute Full Name/Address (MCC list)']),
        rawNames,
        address: address || null,
        state: instituteState(spellings, fee, loc?.state ?? null),
        mccCode: code,
        pinCode: loc?.pinCode ?? null,
        district: loc?.district ?? null,
        latitude: loc?.latitude ?? null,
        longitude: loc?.longitude ?? null,
        annualFeeInr: yearlyFee(fee['Annual Fee (INR)']),
        annualFeeText: fee['Annual Fee (INR)']?.trim() || null,
        bondYears: bondYears && bondYears > 0 ? bondYears : null,
        bondPenaltyInr: yearlyFee(fee['Bond Penalty (INR)']),
      });
    } else {
      // Of the spellings, the one with the fewest words has the fewest split words; then the most used.
      const words = (s: string) => s.trim().split(/[\s,]+/).length;
      const best = [...spellings].sort((a, b) => words(a[0]) - words(b[0]) || b[1].count - a[1].count || (a[0] < b[0] ? -1 : 1))[0][0];
      const { name, address } = splitNameAddress(best);
      const state = instituteState(spellings, null);
      institutes.push({
        id,
        name: displayName(name),
        rawNames,
        address: address || null,
        state,
        mccCode: null,
        pinCode: null,
        district: null,
        latitude: null,
        longitude: null,
        annualFeeInr: null,
        annualFeeText: null,
        bondYears: null,
        bondPenaltyInr: null,
      });
      unmatched.push(`${clean(best)} (${state ?? 'state NA'})`);
    }
  }

  // Names several institutes share are made unique by names.ts (it needs each institute's seats).
  return {
    idOf,
    institutes: institutes.sort((a, b) => (a.id < b.id ? -1 : 1)),
    unmatched: unmatched.sort(),
    unusedAliases: aliases.filter((a) => !usedAliases.has(a)).map((a) => a.spelling),
  };
}

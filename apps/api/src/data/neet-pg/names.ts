import { canonicalState } from '../lib/states.ts';
import { titleCase } from './display-name.ts';
import type { MedicalInstitute } from './institutes.ts';

/*
 * Unique display names and a clean location for NEET PG institutes (docs/decisions/0005, "Display
 * name" and "Location"; issue 21).
 *
 * - The town of an institute: the reviewed TOWN_OF line, else the GeoNames district of its MCC PIN
 *   code (`mcc_neetpg_institute_locations.csv`), else none.
 * - Location: 'town, state' ('Jagdalpur' is no town here: 'Bastar, Chhattisgarh'), or the state
 *   alone when no town is known; never the MCC address text.
 * - A name several institutes share gets, in turn, until it is unique: its town; ' (DNB seats)' for
 *   the MCC entry that holds only an institute's DNB-quota seats while another entry of that name
 *   holds the others; the locality its MCC address names just before its town (the last part of
 *   the address, before the town or state, with no digit and at most 3 words: 'Malakpet',
 *   'Banjara Hills'); and as the last resort its MCC institute code.
 */

/** Reviewed towns where the PIN code's GeoNames district is not the institute's town. */
export const TOWN_OF: Record<string, { town: string; note: string }> = {
  'mcc-901698': { town: 'Reasi', note: "'Govt District Hospital Reasi Aghar Ballian Reasi': PIN 182311 is in GeoNames' Udhampur district" },
};

/** Words of an address that name no place. */
const NOT_A_PLACE =
  /^(road|rd|marg|street|st|lane|sector|plot|near|opp|opposite|floor|building|block|no|pillar|cross|main|x|pin|pincode|beside|behind|bus|stand|hospital|hospitals|college|medical|government|govt|district|dist|principal|office|post|po|at|tq|taluk|and|the|of|india|state|nh)$/i;

/** The words of an address part that may name a place: letters only, none of the name's words. */
function placeWords(part: string, nameWords: Set<string>): string[] {
  return part
    .replace(/[-\s]*\d{6}$/, '')
    .split(/[\s/]+/)
    .map((w) => w.replace(/^[^A-Za-z]+|[^A-Za-z.]+$/g, ''))
    .filter((w) => w.length > 1 && /^[A-Za-z.'-]+$/.test(w) && !nameWords.has(w.toLowerCase()) && !NOT_A_PLACE.test(w.replace(/\.$/, '')));
}

/**
 * The locality the address names just before the town (or state): in the part that names the town,
 * the words before it ('… Bemina Srinagar'); else the last earlier part with at most 3 place words,
 * after its last road word ('RAJBHAVAN ROAD SOMAJIGUDA' → 'Somajiguda'). No e-mail or PIN text.
 */
export function localityOf(address: string | null, town: string | null, name: string): string | null {
  if (!address) return null;
  const nameWords = new Set(name.toLowerCase().split(/[^a-z]+/));
  if (town) for (const w of town.toLowerCase().split(/\s+/)) nameWords.add(w);
  const parts = address
    .split(',')
    .map((p) => p.replace(/\s+/g, ' ').trim())
    .filter((p) => p && !/@|at\s*the\s*rate|dot\s*com|gmail|yahoo/i.test(p));
  const isTown = (p: string) => town !== null && p.toLowerCase().includes(town.toLowerCase());
  const isState = (p: string) => canonicalState(p.replace(/[-\s]*\d{6}$/, '')) !== null;
  const stop = parts.findIndex((p) => isTown(p) || isState(p));
  const shown = (words: string[]) => (words.length && words.length <= 3 && !canonicalState(words.join(' ')) ? titleCase(words.join(' ').toUpperCase()) : null);
  if (stop >= 0 && town && isTown(parts[stop])) {
    const at = parts[stop].toLowerCase().indexOf(town.toLowerCase());
    const words = placeWords(parts[stop].slice(0, at), nameWords).slice(-2);
    if (words.length) return shown(words);
  }
  const before = stop >= 0 ? parts.slice(0, stop) : parts;
  for (let k = before.length - 1; k >= 0; k--) {
    const raw = before[k].split(/\s+/);
    let lastRoad = -1;
    raw.forEach((w, j) => {
      if (/^(road|rd|marg|street|lane|nagar road)$/i.test(w.replace(/[^A-Za-z]/g, ''))) lastRoad = j;
    });
    const words = placeWords(raw.slice(lastRoad + 1).join(' '), nameWords);
    const place = shown(words);
    if (place) return place;
  }
  return null;
}

export function townOf(i: Pick<MedicalInstitute, 'id' | 'district'>): string | null {
  // GeoNames tells some districts apart by their state: 'Bilaspur(CGH)', 'Raigarh(MH)'.
  return TOWN_OF[i.id]?.town ?? (i.district?.replace(/\s*\([A-Z]+\)$/, '') || null);
}

/** 'Bastar, Chhattisgarh', or the state alone, or null. */
export function locationOf(i: Pick<MedicalInstitute, 'id' | 'district' | 'state'>): string | null {
  const town = townOf(i);
  if (town && i.state && town.toLowerCase() !== i.state.toLowerCase()) return `${town}, ${i.state}`;
  return i.state ?? town;
}

/**
 * Renames, in place, every institute whose display name another one shares. `dnbOnly(id)`: the
 * institute's seats are all of the DNB quota.
 */
export function makeNamesUnique(institutes: MedicalInstitute[], dnbOnly: (id: string) => boolean): void {
  const groups = () => {
    const by = new Map<string, MedicalInstitute[]>();
    for (const i of institutes) by.set(i.name.toLowerCase(), [...(by.get(i.name.toLowerCase()) ?? []), i]);
    return [...by.values()].filter((g) => g.length > 1);
  };
  const has = (name: string, part: string) => name.toLowerCase().includes(part.toLowerCase());
  for (const g of groups()) {
    for (const i of g) {
      const town = townOf(i);
      if (town && !has(i.name, town)) i.name = `${i.name}, ${town}`;
    }
  }
  for (const g of groups()) {
    if (g.some((i) => !dnbOnly(i.id))) for (const i of g) if (dnbOnly(i.id)) i.name = `${i.name} (DNB seats)`;
  }
  for (const g of groups()) {
    for (const i of g) {
      const place = localityOf(i.address, townOf(i), i.name);
      if (place && !has(i.name, place)) i.name = `${i.name}, ${place}`;
    }
  }
  for (const g of groups()) {
    for (const i of g) i.name = `${i.name} (${i.mccCode !== null ? `MCC ${i.mccCode}` : i.id})`;
  }
}

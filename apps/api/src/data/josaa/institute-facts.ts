import path from 'node:path';
import { readCsv } from '../lib/csv.ts';
import { canonicalState } from '../lib/states.ts';
import type { CanonicalInstitute, InstituteDirectory } from './institute-directory.ts';

/** Where an institute is, from geo/josaa_institute_locations.csv (PIN-area or town accuracy, not the campus). */
export type InstituteLocation = {
  /** The GeoNames town, only when the institute was placed by a town (method 'city_named_...'). */
  city: string | null;
  /** The GeoNames district of the PIN code, only when placed by its PIN. */
  district: string | null;
  pinCode: string | null;
  latitude: number | null;
  longitude: number | null;
  /** How the position was found: 'pin_centroid', 'city_named_in_institute_name', ... or null (not located). */
  locationMethod: string | null;
  /** The state GeoNames gives for that position (contract spelling), for cross-checking. */
  geonamesState: string | null;
};

export const locationFile = (dataDir: string) => path.join(dataDir, 'geo/josaa_institute_locations.csv');
export const tuitionFile = (dataDir: string) => path.join(dataDir, 'fees/tuition_policy.csv');

const num = (s: string | undefined) => (s?.trim() && Number.isFinite(Number(s)) ? Number(s) : null);

/** Each canonical institute's location (institutes the file lacks get none). */
export async function loadLocations(dataDir: string, directory: InstituteDirectory): Promise<Map<string, InstituteLocation>> {
  const out = new Map<string, InstituteLocation>();
  for (const r of await readCsv(locationFile(dataDir))) {
    const inst = directory.find(r.institute);
    if (!inst) throw new Error(`geo/josaa_institute_locations.csv: institute '${r.institute}' is not in the directory`);
    const latitude = num(r.latitude);
    const longitude = num(r.longitude);
    const located = latitude !== null && longitude !== null;
    out.set(inst.id, {
      city: r.geonames_city?.trim() || null,
      district: r.geonames_district?.trim() || null,
      pinCode: /^\d{6}$/.test(r.pin_code?.trim() ?? '') ? r.pin_code.trim() : null,
      latitude,
      longitude,
      locationMethod: located ? r.location_method?.trim() || null : null,
      geonamesState: canonicalState(r.geonames_state),
    });
  }
  return out;
}

/** Undergraduate tuition per year set centrally for every IIT or every NIT (fees/tuition_policy.csv). */
export type Tuition = { tuitionInrPerYear: number; tuitionFromYear: number; tuitionSource: string };

/**
 * The tuition that applies to an institute: the IIT row for IITs, the NIT row for the 31 NITs
 * (names containing 'National Institute of Technology'). IIEST Shibpur is counted with the NITs by
 * JoSAA but is not an NIT, and IIITs and GFTIs set their own fees: all of them get none ('NA').
 */
export async function loadTuition(dataDir: string): Promise<(institute: CanonicalInstitute) => Tuition | null> {
  const byType = new Map<string, Tuition>();
  for (const r of await readCsv(tuitionFile(dataDir))) {
    const amount = Number(r.tuition_inr_per_year);
    const from = Number(r.effective_from_admission_year);
    if (!Number.isSafeInteger(amount) || amount <= 0 || !Number.isInteger(from))
      throw new Error(`fees/tuition_policy.csv: unreadable row ${JSON.stringify(r)}`);
    byType.set(r.institute_type, { tuitionInrPerYear: amount, tuitionFromYear: from, tuitionSource: r.source });
  }
  return (i) => {
    if (i.type === 'IIT') return byType.get('IIT') ?? null;
    if (i.type === 'NIT' && /National Institute of Technology/i.test(i.name)) return byType.get('NIT') ?? null;
    return null;
  };
}

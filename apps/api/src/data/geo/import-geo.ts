import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Database } from '../../db/client.ts';
import type { ImportContext, ImportSummary } from '../import-context.ts';
import { readCsv } from '../lib/csv.ts';
import { hashInputs, importedHash, replaceImport } from '../lib/import-record.ts';

const IMPORT_NAME = 'geo';
/** Bump when the importer's output changes for the same inputs. */
const IMPORTER_VERSION = '1';

export const postalCodesFile = (dataDir: string) => path.join(dataDir, 'geo/geonames_in_postal_codes.csv');

export type PostalCode = { pinCode: string; latitude: number; longitude: number; places: number; district: string | null; state: string | null };

export async function hasGeoData(database: Database): Promise<boolean> {
  return (await importedHash(database, IMPORT_NAME)) !== undefined;
}

const mostCommon = (counts: Map<string, number>): string | null => {
  let best: string | null = null;
  let n = 0;
  for (const [k, c] of counts) if (c > n || (c === n && best !== null && k < best)) [best, n] = [k, c];
  return best;
};

/**
 * One position per PIN code: the mean of all its GeoNames rows (one row per post office), the same
 * rule as geo/josaa_institute_locations.csv uses for the institutes, so both ends of a distance are
 * measured alike.
 */
export function centroids(rows: Record<string, string>[]): PostalCode[] {
  const acc = new Map<string, { lat: number; lon: number; n: number; districts: Map<string, number>; states: Map<string, number> }>();
  for (const r of rows) {
    const pin = r.postal_code?.trim();
    const lat = Number(r.latitude);
    const lon = Number(r.longitude);
    if (!/^\d{6}$/.test(pin ?? '') || !r.latitude?.trim() || !r.longitude?.trim() || !Number.isFinite(lat) || !Number.isFinite(lon)) continue;
    let a = acc.get(pin);
    if (!a) acc.set(pin, (a = { lat: 0, lon: 0, n: 0, districts: new Map(), states: new Map() }));
    a.lat += lat;
    a.lon += lon;
    a.n += 1;
    const district = r['district (admin_name2)']?.trim();
    const state = r['state (admin_name1)']?.trim();
    if (district) a.districts.set(district, (a.districts.get(district) ?? 0) + 1);
    if (state) a.states.set(state, (a.states.get(state) ?? 0) + 1);
  }
  return [...acc]
    .map(([pinCode, a]) => ({
      pinCode,
      latitude: a.lat / a.n,
      longitude: a.lon / a.n,
      places: a.n,
      district: mostCommon(a.districts),
      state: mostCommon(a.states),
    }))
    .sort((x, y) => (x.pinCode < y.pinCode ? -1 : 1));
}

/** Imports (or, when the file is unchanged, keeps) the PIN-code positions distances are measured from. */
export async function importGeo(ctx: ImportContext): Promise<ImportSummary> {
  const started = performance.now();
  const { config, database } = ctx;
  const file = postalCodesFile(config.DATA_DIR);
  if (!existsSync(file)) throw new Error(`DATA_DIR has no geo/geonames_in_postal_codes.csv: ${config.DATA_DIR}`);
  const hash = hashInputs(config.DATA_DIR, IMPORTER_VERSION, [file]);
  if ((await importedHash(database, IMPORT_NAME)) === hash) return { name: IMPORT_NAME, rows: 0, unplaced: [], skipped: true, ms: performance.now() - started };

  ctx.progress.start('geo: PIN codes', 2);
  const pins = centroids(await readCsv(file));
  ctx.progress.tick();
  await replaceImport(database, { name: IMPORT_NAME, hash, rows: pins.length, tables: ['postal_codes'] }, async (tx) => {
    await tx.copyRows(
      'postal_codes',
      ['pin_code', 'latitude', 'longitude', 'places', 'district', 'state'],
      pins.map((p) => [p.pinCode, p.latitude, p.longitude, p.places, p.district, p.state]),
    );
  });
  ctx.progress.tick();
  ctx.progress.stop();
  return { name: IMPORT_NAME, rows: pins.length, unplaced: [], skipped: false, ms: performance.now() - started };
}

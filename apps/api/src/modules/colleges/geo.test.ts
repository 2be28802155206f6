import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import { homeStates } from '@rankwise/contract/reference';
import { describe, expect, it } from 'vitest';
import { testConfig } from '../../../test/helpers/test-app.ts';
import { greatCircleKm, stateCapitals } from './geo.ts';

const dataDir = testConfig().DATA_DIR;

describe('state capitals', () => {
  const cities = new Map(
    (parse(readFileSync(path.join(dataDir, 'geo/geonames_in_cities1000.csv')), { columns: true }) as Record<string, string>[]).map((r) => [
      Number(r.geonameid),
      r,
    ]),
  );

  it('has a capital for every state and union territory, and none for Outside India', () => {
    expect(Object.keys(stateCapitals).sort()).toEqual(homeStates.filter((s) => s !== 'Outside India').sort());
  });

  it.each(Object.entries(stateCapitals))('%s: the GeoNames place and position are those of geonames_in_cities1000.csv', (_state, c) => {
    const row = cities.get(c.geonameId);
    expect(row, `GeoNames id ${c.geonameId}`).toBeDefined();
    expect(Number(row!.latitude)).toBe(c.latitude);
    expect(Number(row!.longitude)).toBe(c.longitude);
    // The name as GeoNames writes it, or one of its alternate names.
    const names = [row!.name, row!.asciiname, ...(row!.alternatenames ?? '').split(',')].map((n) => n.toLowerCase().replace(/\s/g, ''));
    expect(names.some((n) => n.startsWith(c.city.toLowerCase().replace(/\s/g, '').slice(0, 5)))).toBe(true);
  });
});

describe('greatCircleKm', () => {
  it('matches known distances', () => {
    const delhi = { latitude: 28.63576, longitude: 77.22445 };
    const mumbai = { latitude: 19.07283, longitude: 72.88261 };
    // About 1,150 km by air between the two (Vincenty on WGS84: 1,153 km).
    expect(greatCircleKm(delhi, mumbai)).toBeGreaterThan(1145);
    expect(greatCircleKm(delhi, mumbai)).toBeLessThan(1160);
    expect(greatCircleKm(delhi, delhi)).toBe(0);
    // One degree of latitude is about 111.2 km.
    expect(greatCircleKm({ latitude: 0, longitude: 80 }, { latitude: 1, longitude: 80 })).toBeCloseTo(111.195, 2);
  });
});

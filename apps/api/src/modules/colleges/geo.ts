import type { HomeState } from '@rankwise/contract/reference';

export const GEONAMES_CREDIT = 'GeoNames, CC BY 4.0';

/** Mean Earth radius (IUGG), km. */
const EARTH_RADIUS_KM = 6371.0088;

/** Great-circle distance in km between two points (haversine formula). */
export function greatCircleKm(a: { latitude: number; longitude: number }, b: { latitude: number; longitude: number }): number {
  const rad = Math.PI / 180;
  const dLat = (b.latitude - a.latitude) * rad;
  const dLon = (b.longitude - a.longitude) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.latitude * rad) * Math.cos(b.latitude * rad) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

export type Capital = { city: string; geonameId: number; latitude: number; longitude: number; note?: string };

/**
 * The capital of every state and union territory, with its GeoNames id and position as
 * geo/geonames_in_cities1000.csv gives them (GeoNames, CC BY 4.0); capitals.test.ts checks each
 * against that file. Reviewed 2026-11 against the states' own sites. Where a state has two seats of
 * government, or GeoNames lacks the capital, `note` says which place stands for it.
 */
export const stateCapitals: Record<Exclude<HomeState, 'Outside India'>, Capital> = {
  'Andaman and Nicobar Islands': { city: 'Port Blair', geonameId: 1259385, latitude: 11.66613, longitude: 92.74635, note: 'renamed Sri Vijaya Puram in 2024' },
  'Andhra Pradesh': {
    city: 'Tadepalle',
    geonameId: 1255265,
    latitude: 16.48333,
    longitude: 80.6,
    note: 'for Amaravati, which GeoNames does not list: the nearest listed town to the Secretariat at Velagapudi',
  },
  'Arunachal Pradesh': { city: 'Itanagar', geonameId: 1269655, latitude: 27.08694, longitude: 93.60987 },
  Assam: { city: 'Dispur', geonameId: 1272508, latitude: 26.13564, longitude: 91.80069 },
  Bihar: { city: 'Patna', geonameId: 1260086, latitude: 25.59408, longitude: 85.13563 },
  Chandigarh: { city: 'Chandigarh', geonameId: 1274746, latitude: 30.73629, longitude: 76.7884 },
  Chhattisgarh: {
    city: 'Raipur',
    geonameId: 1258980,
    latitude: 21.23333,
    longitude: 81.63333,
    note: 'for Nava Raipur Atal Nagar, which GeoNames does not list',
  },
  'Dadra and Nagar Haveli and Daman and Diu': { city: 'Daman', geonameId: 1273618, latitude: 20.41431, longitude: 72.83236 },
  Delhi: { city: 'New Delhi', geonameId: 1261481, latitude: 28.63576, longitude: 77.22445 },
  Goa: { city: 'Panaji', geonameId: 1260607, latitude: 15.49574, longitude: 73.82624 },
  Gujarat: { city: 'Gandhinagar', geonameId: 1271715, latitude: 23.21667, longitude: 72.68333 },
  Haryana: { city: 'Chandigarh', geonameId: 1274746, latitude: 30.73629, longitude: 76.7884 },
  'Himachal Pradesh': { city: 'Shimla', geonameId: 1256237, latitude: 31.10442, longitude: 77.16662 },
  'Jammu and Kashmir': { city: 'Srinagar', geonameId: 1255634, latitude: 34.08565, longitude: 74.80555, note: 'summer capital; the winter capital is Jammu' },
  Jharkhand: { city: 'Ranchi', geonameId: 1258526, latitude: 23.34316, longitude: 85.3094 },
  Karnataka: { city: 'Bengaluru', geonameId: 1277333, latitude: 12.97194, longitude: 77.59369 },
  Kerala: { city: 'Thiruvananthapuram', geonameId: 1254163, latitude: 8.4855, longitude: 76.94924 },
  Ladakh: { city: 'Leh', geonameId: 1264976, latitude: 34.16504, longitude: 77.58402 },
  Lakshadweep: { city: 'Kavaratti', geonameId: 1267390, latitude: 10.56688, longitude: 72.64203 },
  'Madhya Pradesh': { city: 'Bhopal', geonameId: 1275841, latitude: 23.25469, longitude: 77.40289 },
  Maharashtra: { city: 'Mumbai', geonameId: 1275339, latitude: 19.07283, longitude: 72.88261 },
  Manipur: { city: 'Imphal', geonameId: 1269771, latitude: 24.80805, longitude: 93.9442 },
  Meghalaya: { city: 'Shillong', geonameId: 1256523, latitude: 25.56892, longitude: 91.88313 },
  Mizoram: { city: 'Aizawl', geonameId: 1279186, latitude: 23.72894, longitude: 92.71791 },
  Nagaland: { city: 'Kohima', geonameId: 1266366, latitude: 25.67467, longitude: 94.11099 },
  Odisha: { city: 'Bhubaneswar', geonameId: 1275817, latitude: 20.27241, longitude: 85.83385 },
  Puducherry: { city: 'Puducherry', geonameId: 1259425, latitude: 11.93381, longitude: 79.82979 },
  Punjab: { city: 'Chandigarh', geonameId: 1274746, latitude: 30.73629, longitude: 76.7884 },
  Rajasthan: { city: 'Jaipur', geonameId: 1269515, latitude: 26.91962, longitude: 75.78781 },
  Sikkim: { city: 'Gangtok', geonameId: 1271631, latitude: 27.32574, longitude: 88.61216 },
  'Tamil Nadu': { city: 'Chennai', geonameId: 1264527, latitude: 13.08784, longitude: 80.27847 },
  Telangana: { city: 'Hyderabad', geonameId: 1269843, latitude: 17.38405, longitude: 78.45636 },
  Tripura: { city: 'Agartala', geonameId: 1279290, latitude: 23.83605, longitude: 91.27939 },
  'Uttar Pradesh': { city: 'Lucknow', geonameId: 1264733, latitude: 26.83928, longitude: 80.92313 },
  Uttarakhand: { city: 'Dehradun', geonameId: 1273313, latitude: 30.32443, longitude: 78.03392, note: 'winter capital; the summer capital is Gairsain' },
  'West Bengal': { city: 'Kolkata', geonameId: 1275004, latitude: 22.56263, longitude: 88.36304 },
};

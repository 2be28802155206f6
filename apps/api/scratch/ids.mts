import { readMedicalData } from '/work/wt-medical/apps/api/src/data/neet-pg/medical-data.ts';
const d = await readMedicalData('/work/shared/data');
const re = /SUNSH|JAGDALPU|CHITTARANJAN NATIONAL|CHITTAR ANJAN/i;
const seen = new Map<string, Set<string>>();
for (const r of d.allotmentRecords) {
  if (!re.test(r['Allotted Institute'].replace(/\s/g, ''))) continue;
  const id = d.instituteIdOf(r['Allotted Institute'], r['Allotted Quota (normalized)'] === 'DNB QUOTA' ? 'DNB Quota' : 'x');
  const k = `${r.Year} ${id} ${r['Allotted Institute'].slice(0, 90)}`;
  if (!seen.has(k)) seen.set(k, new Set());
  seen.get(k)!.add(r['Allotted Quota (normalized)']);
}
for (const [k, v] of [...seen].sort()) console.log(k, [...v].join('/'));
const byId = new Map(d.institutes.map((i) => [i.id, i]));
for (const id of new Set([...seen.keys()].map((k) => k.split(' ')[1]))) console.log(id, byId.get(id)?.name, '|', byId.get(id)?.address?.slice(0, 80));

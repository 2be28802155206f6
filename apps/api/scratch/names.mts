import { readMedicalData } from '../src/data/neet-pg/medical-data.ts';
const d = await readMedicalData('/work/shared/data');
const by = new Map<string, typeof d.institutes>();
for (const i of d.institutes) { const k = i.name.toLowerCase(); by.set(k, [...(by.get(k) ?? []), i]); }
const shared = [...by].filter(([, v]) => v.length > 1);
console.log('shared', shared.length);
for (const [k, v] of shared) console.log(' ', k, '::', v.map((i) => `${i.id} [${i.district}] ${i.address?.slice(0, 60)}`).join(' || '));
const junk = d.institutes.filter((i) => /\)\)|hospitaland|dist\.|ikdrc|\b(rajasthan|gujarat|karnataka|maharashtra|kerala|bihar|odisha|telangana)$|@/i.test(i.name) || /^(.{6,}) \1/i.test(i.name));
console.log('junk', junk.length); for (const i of junk) console.log('  ', i.id, i.name);
const long = d.institutes.filter((i) => i.name.length > 80); console.log('long', long.length); for (const i of long.slice(0, 30)) console.log('  ', i.name);

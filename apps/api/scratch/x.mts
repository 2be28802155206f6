import { readMedicalData } from '../src/data/neet-pg/medical-data.ts';
const d = await readMedicalData('/work/shared/data');
const i = d.institutes.find((x) => x.id === process.argv[2])!;
console.log(i);
for (const [s, m] of d.matches2025) if (/Kannur|Rajkiya Medical College \(|Uday Hospital/.test(m.name)) console.log(s, m.name, m.match.how, m.id);

import { readCsv } from '../src/data/lib/csv.ts';
import { instituteKey } from '../src/data/neet-pg/institutes.ts';
import { baseName, institutes2025 } from '../src/data/neet-pg/year-2025.ts';
import { readMedicalData } from '../src/data/neet-pg/medical-data.ts';
const d = await readMedicalData('/work/shared/data');
const rows = await readCsv('/work/shared/data/neet-pg/mcc_neetpg_2025_r1_r3_seats.csv');
const fees = await readCsv('/work/shared/data/neet-pg/mcc_neetpg_institute_fees_2025.csv');
const insts = institutes2025(rows);
const allot = await readCsv('/work/shared/data/neet-pg/mcc_neetpg_allotments_2023_2024.csv');
const keys = [...new Set(allot.map((r) => instituteKey(r['Allotted Institute'])))];
for (const [src, m] of d.matches2025) {
  if (m.match.how !== 'none') continue;
  const i = insts.get(src)!;
  const nk = instituteKey(baseName(i.name));
  const ak = instituteKey(i.address).slice(0, 30);
  const k1 = keys.filter((k) => k.startsWith(nk));
  const f1 = fees.filter((f) => instituteKey(f['Institute Full Name/Address (MCC list)']).startsWith(nk));
  console.log(`${i.name} | ${i.address} | pin ${i.pin}\n   spell-name ${k1.length} (${k1.filter((k) => k.includes(ak)).length} w/addr)  fee-name ${f1.length}: ${f1.slice(0, 4).map((f) => f['MCC Institute Code'] + ' ' + f['Institute Full Name/Address (MCC list)'].slice(0, 70) + ' ' + f['Pin Code']).join(' || ')}`);
}

import { readMedicalData } from '../src/data/neet-pg/medical-data.ts';
import { buildNeetPgHistories } from '../src/data/chance/neet-pg.ts';
const d = await readMedicalData('/work/shared/data');
const h = buildNeetPgHistories(d.cutoffs);
const names = new Map(d.institutes.map((i) => [i.id, i.name]));
for (const id of ['mcc-701187', 'mcc-701441', 'mcc-701718', 'mcc-701258', 'mcc-903354', 'x-7a91fb3fd041']) {
  console.log(id, names.get(id));
  for (const s of h.filter((x) => x.key.startsWith(id + '|'))) console.log('   ', s.key.slice(id.length + 1), [...s.finals].map(([y, f]) => `${y}:${f.closingRank}(${f.allotments})`).join(' '));
}
for (const [src, m] of d.matches2025) if (/sunshine|jagdalpur|maharani hospital|chittaranjan nat/i.test(m.name)) console.log(src, m.name, m.match.how, m.id);

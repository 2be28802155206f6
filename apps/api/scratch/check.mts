import { readMedicalData } from '../src/data/neet-pg/medical-data.ts';
const t = performance.now();
const d = await readMedicalData('/work/shared/data');
console.log('ms', Math.round(performance.now() - t), 'institutes', d.institutes.length, 'cutoffs', d.cutoffs.length, 'unmatched', d.unmatched.length);
console.log(d.dnbLabels);
const how = new Map<string, number>();
for (const m of d.matches2025.values()) how.set(m.match.how, (how.get(m.match.how) ?? 0) + 1);
console.log(how);
const none = [...d.matches2025.values()].filter((m) => m.match.how === 'none');
console.log(none.slice(0, 80).map((m) => m.name).join(' | '));
// continuity: 2025 seats with a 2024 seat
const key = (c: any) => `${c.instituteId}|${c.course}|${c.quota}|${c.category}`;
const y = new Map<number, Set<string>>();
for (const c of d.cutoffs) { if (c.round > 3) continue; if (!y.has(c.year)) y.set(c.year, new Set()); y.get(c.year)!.add(key(c)); }
for (const yr of [2024, 2025]) { const a = y.get(yr)!; const b = y.get(yr - 1)!; let n = 0; for (const k of a) if (b.has(k)) n++; console.log(yr, a.size, 'with previous year', n); }

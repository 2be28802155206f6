import { instituteKey } from './institutes.ts';

/*
 * The 2024 allotments file's wrong course labels under the DNB quota (SOURCES.md, "Wrong course
 * labels under the DNB quota"; docs/decisions/0005). Two other sources, matched on AIR, show that
 * five labels of 2024 DNB-quota allotments often name another course. Each such allotment takes
 * its course from `mcc_neetpg_2024_r1_r3_rank_ranges.csv` (MCC's raw course names) where that file
 * disagrees:
 *
 *  1. The evidence for an allotment (AIR a, institute I): the rank-ranges rows of the DNB quota
 *     ('AD') at I (the row's institute key is a prefix, of at least 6 letters, of the allotment's)
 *     whose [opening, closing] range holds a, and whose course is the label's own course or its
 *     known true course (below). Other courses are not evidence: ranges of unrelated courses
 *     overlap.
 *  2. Evidence only of the true course: the allotment takes it. Evidence of the own course: kept.
 *  3. No evidence (most often an allotment of round 1 or 2 whose candidate moved on, so the ranges
 *     after round 3 no longer hold it): a label that is no DNB-quota course at all (a university
 *     diploma or MD/MS name) takes the true course; otherwise the allotment follows the other
 *     allotments of its seat (institute, label, category) when every one of them with evidence was
 *     corrected, else it is kept.
 */

export type LabelFix = {
  /** The label as the 2024 file writes it ("Course (normalized)"). */
  label: string;
  /** The rank-ranges name of the labelled course, when it exists under the DNB quota. */
  own: string | null;
  /** The rank-ranges name of the course it really is, and the product's name for it. */
  trueRaw: string;
  trueCourse: string;
};

export const DNB_LABEL_FIXES: LabelFix[] = [
  {
    label: 'DNB IN PHYSICAL MEDICINE AND REHABILITATION',
    own: '(NBEMS) PHYSICAL MED. and REHABILITATION',
    trueRaw: '(NBEMS) FAMILY MEDICINE',
    trueCourse: 'DNB IN FAMILY MEDICINE',
  },
  {
    label: 'DIPLOMA IN IMMUNO HAEMATOLOGY AND BLOOD TRANSFUSION',
    own: null,
    trueRaw: '(NBEMS-DIPLOMA) RADIO-DIAGNOSIS',
    trueCourse: 'DNB- DIPLOMA IN RADIO-DIAGNOSIS',
  },
  {
    label: 'MD/MS OBSTETRICS AND GYNAECOLOGY',
    own: null,
    trueRaw: '(NBEMS) Obstetrics and Gynaecology',
    trueCourse: 'DNB IN OBSTETRICS AND GYNAECOLOGY',
  },
  {
    label: 'DNB- DIPLOMA IN OBSTETRICS AND GYNAECOLOGY',
    own: '(NBEMS-DIPLOMA) Obstetrics and Gynaecology',
    trueRaw: '(NBEMS) Obstetrics and Gynaecology',
    trueCourse: 'DNB IN OBSTETRICS AND GYNAECOLOGY',
  },
  {
    label: 'DNB- DIPLOMA IN OTORHINOLARYNGOLOGY',
    own: '(NBEMS-DIPLOMA) Otorhinolaryngology (E.N.T.)',
    trueRaw: '(NBEMS) Otorhinolaryngology (E.N.T.)',
    trueCourse: 'DNB IN OTORHINOLARYNGOLOGY',
  },
];

export const DNB_LABEL_YEAR = 2024;

export type DnbLabelStats = Record<string, { allotments: number; byEvidence: number; bySeat: number; byLabel: number; kept: number }>;

/**
 * The corrected course of every allotment row (index → course) whose label is wrong, and how many
 * of each label were corrected and why.
 */
export function correctDnbLabels(
  allotments: Record<string, string>[],
  rankRanges: Record<string, string>[],
): { courseOf: Map<number, string>; stats: DnbLabelStats } {
  const fixOf = new Map(DNB_LABEL_FIXES.map((f) => [f.label, f]));
  const ranges = new Map<string, { course: string; from: number; to: number }[]>();
  for (const r of rankRanges) {
    if (r['Allotted Quota Code'] !== 'AD') continue;
    const k = instituteKey(r['Allotted Institute']);
    if (k.length < 6) continue;
    const list = ranges.get(k) ?? [];
    list.push({ course: r.Course.trim(), from: Number(r['Opening Rank']), to: Number(r['Closing Rank']) });
    ranges.set(k, list);
  }
  const rangeKeys = [...ranges.keys()];
  const institutesOf = new Map<string, string[]>();
  const matchingInstitutes = (k: string) => {
    let hit = institutesOf.get(k);
    if (!hit) institutesOf.set(k, (hit = rangeKeys.filter((rk) => k.startsWith(rk))));
    return hit;
  };

  type Verdict = 'true' | 'own' | 'none';
  const verdicts: { index: number; fix: LabelFix; seat: string; verdict: Verdict }[] = [];
  allotments.forEach((r, index) => {
    if (Number(r.Year) !== DNB_LABEL_YEAR || r['Allotted Quota (normalized)'] !== 'DNB QUOTA') return;
    const fix = fixOf.get(r['Course (normalized)'].trim());
    if (!fix) return;
    const key = instituteKey(r['Allotted Institute']);
    const rank = Number(r.Rank);
    let own = false;
    let truth = false;
    for (const ik of matchingInstitutes(key)) {
      for (const g of ranges.get(ik)!) {
        if (rank < g.from || rank > g.to) continue;
        if (g.course === fix.trueRaw) truth = true;
        else if (g.course === fix.own) own = true;
      }
    }
    const verdict: Verdict = own ? 'own' : truth ? 'true' : 'none';
    verdicts.push({ index, fix, seat: `${key}|${fix.label}|${r['Alloted Category']}`, verdict });
  });

  // A seat's allotments with evidence: were they all corrected?
  const seatVotes = new Map<string, { own: number; truth: number }>();
  for (const v of verdicts) {
    if (v.verdict === 'none') continue;
    const s = seatVotes.get(v.seat) ?? { own: 0, truth: 0 };
    if (v.verdict === 'own') s.own++;
    else s.truth++;
    seatVotes.set(v.seat, s);
  }
  const courseOf = new Map<number, string>();
  const stats: DnbLabelStats = Object.fromEntries(DNB_LABEL_FIXES.map((f) => [f.label, { allotments: 0, byEvidence: 0, bySeat: 0, byLabel: 0, kept: 0 }]));
  for (const v of verdicts) {
    const s = stats[v.fix.label];
    s.allotments++;
    if (v.verdict === 'true') {
      courseOf.set(v.index, v.fix.trueCourse);
      s.byEvidence++;
    } else if (v.verdict === 'none' && v.fix.own === null) {
      courseOf.set(v.index, v.fix.trueCourse);
      s.byLabel++;
    } else if (v.verdict === 'none' && (seatVotes.get(v.seat)?.truth ?? 0) > 0 && seatVotes.get(v.seat)!.own === 0) {
      courseOf.set(v.index, v.fix.trueCourse);
      s.bySeat++;
    } else s.kept++;
  }
  return { courseOf, stats };
}

import { medicalPreferencesSchema, type MedicalPreferences } from '@rankwise/contract/medical';

export type MedicalFormPreferences = Pick<MedicalPreferences, 'rank' | 'category' | 'quota' | 'courses'>;

/** Preferences live in the URL (STYLE.md): the results page reads them back from the query string. */
export function toSearchParams(p: MedicalFormPreferences): URLSearchParams {
  const s = new URLSearchParams();
  s.set('rank', String(p.rank));
  s.set('category', p.category);
  s.set('quota', p.quota);
  for (const c of p.courses) s.append('course', c);
  return s;
}

/** The preferences in a query string, or null when there are none or they are not valid. */
export function fromSearchParams(s: URLSearchParams): MedicalFormPreferences | null {
  if (!s.get('rank')) return null;
  const parsed = medicalPreferencesSchema.safeParse({
    rank: s.get('rank'),
    category: s.get('category'),
    quota: s.get('quota'),
    courses: s.getAll('course'),
  });
  if (!parsed.success) return null;
  const { rank, category, quota, courses } = parsed.data;
  return { rank, category, quota, courses };
}

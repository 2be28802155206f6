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

/** The results of a preference set. */
export function resultsUrl(p: MedicalFormPreferences): string {
  return `/medical-colleges?${toSearchParams(p).toString()}`;
}

/** The start page's medical form filled with a preference set (the results page's Edit link, Adjust Preferences). */
export function editUrl(p: MedicalFormPreferences): string {
  return `/start?stream=medical&${toSearchParams(p).toString()}`;
}

/** The form's fields for a preference set read from the URL. */
export function formValuesOf(p: MedicalFormPreferences) {
  return { rank: String(p.rank), category: p.category as string, quota: p.quota as string, courses: [...p.courses] };
}

/** What the results page shows of the preferences it was asked for, in the form's words. */
export function preferenceSummary(p: MedicalFormPreferences): { label: string; value: string }[] {
  return [
    { label: 'NEET PG rank', value: p.rank.toLocaleString('en-IN') },
    { label: 'Category', value: p.category },
    { label: 'Quota', value: p.quota },
    { label: 'Courses', value: p.courses.length ? p.courses.join(', ') : 'All courses' },
  ];
}

import { engineeringCategories } from '@rankwise/contract/engineering';
import { medicalCategories } from '@rankwise/contract/medical';
import { homeStates } from '@rankwise/contract/reference';
import type { Counselling } from '@rankwise/contract/choices';
import { useId } from 'react';

/** The student a list's chances are for: ranks, category, pool, home state (engineering) or AIR and category (MCC). */
export type StudentDraft = Record<string, string>;

export const emptyStudent = (c: Counselling): StudentDraft =>
  c === 'MCC'
    ? { category: 'General', rank: '' }
    : { category: 'OPEN', gender: 'Male', homeState: '', mainRank: '', mainCrlRank: '', advancedRank: '', advancedCrlRank: '' };

export const draftOf = (student: Record<string, unknown>, c: Counselling): StudentDraft => {
  const base = emptyStudent(c);
  for (const k of Object.keys(base)) if (student[k] !== undefined && student[k] !== null) base[k] = String(student[k]);
  return base;
};

/** The draft as the API takes it: empty boxes left out, ranks as numbers. */
export function studentOf(d: StudentDraft): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(d)) {
    const t = v.trim().replace(/,/g, '');
    if (t === '') continue;
    out[k] = /rank$/i.test(k) && /^\d+$/.test(t) ? Number(t) : t;
  }
  return out;
}

const field = 'mt-1 w-full rounded-lg border border-slate-300 px-3 py-2 text-slate-900';

export function StudentForm({
  counselling,
  value,
  onChange,
  errors,
}: {
  counselling: Counselling;
  value: StudentDraft;
  onChange(v: StudentDraft): void;
  errors?: Record<string, string[]>;
}) {
  const id = useId();
  const set = (k: string) => (e: { target: { value: string } }) => onChange({ ...value, [k]: e.target.value });
  const err = (k: string) => errors?.[`student.${k}`]?.[0];
  const rankBox = (k: string, label: string, hint?: string) => (
    <label className="block text-sm font-medium text-slate-800" htmlFor={`${id}-${k}`}>
      {label}
      <input
        id={`${id}-${k}`}
        inputMode="numeric"
        className={field}
        value={value[k] ?? ''}
        onChange={set(k)}
        aria-describedby={hint ? `${id}-${k}-hint` : undefined}
      />
      {hint ? (
        <span id={`${id}-${k}-hint`} className="mt-1 block text-xs font-normal text-slate-600">
          {hint}
        </span>
      ) : null}
      {err(k) ? <span className="mt-1 block text-xs text-red-700">{err(k)}</span> : null}
    </label>
  );
  if (counselling === 'MCC') {
    return (
      <div className="grid gap-3 sm:grid-cols-2">
        {rankBox('rank', 'NEET PG All India Rank')}
        <label className="block text-sm font-medium text-slate-800" htmlFor={`${id}-category`}>
          Category
          <select id={`${id}-category`} className={field} value={value.category} onChange={set('category')}>
            {medicalCategories.map((c) => (
              <option key={c}>{c}</option>
            ))}
          </select>
        </label>
      </div>
    );
  }
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      <label className="block text-sm font-medium text-slate-800" htmlFor={`${id}-category`}>
        Category
        <select id={`${id}-category`} className={field} value={value.category} onChange={set('category')}>
          {engineeringCategories.map((c) => (
            <option key={c}>{c}</option>
          ))}
        </select>
      </label>
      <label className="block text-sm font-medium text-slate-800" htmlFor={`${id}-gender`}>
        Gender
        <select id={`${id}-gender`} className={field} value={value.gender} onChange={set('gender')}>
          <option>Male</option>
          <option>Female</option>
        </select>
      </label>
      <label className="block text-sm font-medium text-slate-800 sm:col-span-2" htmlFor={`${id}-homeState`}>
        Home state
        <select id={`${id}-homeState`} className={field} value={value.homeState} onChange={set('homeState')}>
          <option value="">Choose…</option>
          {homeStates.map((s) => (
            <option key={s}>{s}</option>
          ))}
        </select>
        {err('homeState') ? <span className="mt-1 block text-xs text-red-700">{err('homeState')}</span> : null}
      </label>
      {rankBox('archRank', 'JEE Main Paper 2A rank (B.Arch)', 'Optional: B.Arch at NITs, IIITs and GFTIs.')}
      {rankBox('planningRank', 'JEE Main Paper 2B rank (B.Planning)', 'Optional: B.Planning at NITs, IIITs and GFTIs.')}
      {counselling === 'CSAB' ? (
        rankBox('mainRank', 'JEE Main CRL rank', 'CSAB judges every seat on the common rank list.')
      ) : (
        <>
          {rankBox('mainRank', 'JEE Main rank', 'Your category rank (CRL rank if your category is OPEN): NIT, IIIT and GFTI seats.')}
          {rankBox('mainCrlRank', 'JEE Main CRL rank (reserved categories)')}
          {rankBox('advancedRank', 'JEE Advanced rank', 'Your category rank: IIT seats.')}
          {rankBox('advancedCrlRank', 'JEE Advanced CRL rank (reserved categories)')}
        </>
      )}
    </div>
  );
}

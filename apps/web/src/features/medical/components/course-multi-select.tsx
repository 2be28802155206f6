import { useId, useState } from 'react';
import { inputStyles } from '@/components/ui/form-field.tsx';

export type CourseGroup = { degree: string; courses: string[] };

const wordsOf = (s: string) =>
  s
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);

/**
 * Every word typed must start a word of the course or its degree, in any order ('general med',
 * 'dnb paed'); so 'ms' finds MS courses, not '(NBEMS)' ones.
 */
export function filterCourseGroups(groups: CourseGroup[], text: string): CourseGroup[] {
  const typed = wordsOf(text);
  if (!typed.length) return groups;
  return groups
    .map((g) => ({
      degree: g.degree,
      courses: g.courses.filter((c) => {
        const words = wordsOf(`${g.degree} ${c}`);
        return typed.every((t) => words.some((w) => w.startsWith(t)));
      }),
    }))
    .filter((g) => g.courses.length > 0);
}

/**
 * Spec §2 'Preferred courses': a multi-select with a search box over the course catalogue,
 * grouped by degree. Native checkboxes keep it usable by keyboard and screen reader; the search
 * only hides courses, it never drops a chosen one.
 */
export function CourseMultiSelect({ groups, value, onChange }: { groups: CourseGroup[]; value: string[]; onChange(next: string[]): void }) {
  const id = useId();
  const [text, setText] = useState('');
  const shown = filterCourseGroups(groups, text);
  const chosen = new Set(value);
  const toggle = (course: string, on: boolean) => onChange(on ? [...value, course] : value.filter((c) => c !== course));
  const count = shown.reduce((n, g) => n + g.courses.length, 0);

  return (
    <fieldset className="rounded-lg border border-slate-300 bg-white p-4">
      <legend className="px-1 text-sm font-medium text-slate-800">Preferred courses (optional)</legend>
      <p id={`${id}-hint`} className="text-xs text-slate-600">
        {value.length ? `${value.length} selected` : 'None selected: all courses are shown'}
      </p>
      {value.length ? (
        <div className="mt-2 flex flex-wrap items-center gap-2">
          <ul aria-label="Selected courses" className="contents">
            {value.map((c) => (
              <li key={c} className="flex items-center gap-1 rounded-full bg-brand-50 py-1 pl-3 pr-1 text-xs font-medium text-brand-900 ring-1 ring-brand-100">
                {c}
                <button
                  type="button"
                  aria-label={`Remove ${c}`}
                  onClick={() => toggle(c, false)}
                  className="rounded-full px-1.5 text-brand-900 hover:bg-brand-100 focus:outline-none focus:ring-2 focus:ring-brand-600"
                >
                  ×
                </button>
              </li>
            ))}
          </ul>
          <button type="button" onClick={() => onChange([])} className="text-xs font-medium text-brand-700 underline">
            Clear all courses
          </button>
        </div>
      ) : null}
      <label htmlFor={`${id}-search`} className="mt-3 block text-sm font-medium text-slate-800">
        Search courses
      </label>
      <input
        id={`${id}-search`}
        type="search"
        value={text}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={(e) => {
          // Enter in the search box must not submit the whole form.
          if (e.key === 'Enter') e.preventDefault();
        }}
        aria-controls={`${id}-list`}
        aria-describedby={`${id}-count`}
        placeholder="e.g. radiology, MS, DNB paediatrics"
        autoComplete="off"
        className={`${inputStyles} mt-1.5`}
      />
      <p id={`${id}-count`} role="status" className="mt-1 text-xs text-slate-600">
        {text.trim() ? (count ? `${count} ${count === 1 ? 'course matches' : 'courses match'}` : `No course matches "${text.trim()}"`) : `${count} courses`}
      </p>
      <div id={`${id}-list`} className="mt-2 max-h-72 overflow-y-auto rounded-md border border-slate-200 p-3">
        {shown.map((g) => (
          <fieldset key={g.degree} className="mb-3 last:mb-0">
            <legend className="text-xs font-semibold uppercase tracking-wide text-slate-600">{g.degree}</legend>
            <div className="mt-1 grid gap-1.5 sm:grid-cols-2">
              {g.courses.map((c) => (
                <label key={c} className="flex items-start gap-2 text-sm text-slate-900">
                  <input
                    type="checkbox"
                    checked={chosen.has(c)}
                    onChange={(e) => toggle(c, e.target.checked)}
                    className="mt-0.5 h-4 w-4 shrink-0 accent-brand-700"
                  />
                  {c}
                </label>
              ))}
            </div>
          </fieldset>
        ))}
      </div>
    </fieldset>
  );
}

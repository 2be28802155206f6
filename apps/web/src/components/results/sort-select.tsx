import { inputStyles } from '@/components/ui/form-field.tsx';

export function SortSelect<T extends string>({ value, options, onChange }: { value: T; options: { value: T; label: string }[]; onChange(v: T): void }) {
  return (
    <div className="flex shrink-0 items-center gap-2">
      <label htmlFor="results-sort" className="shrink-0 whitespace-nowrap text-sm font-medium text-slate-800">
        Sort by
      </label>
      <select id="results-sort" value={value} onChange={(e) => onChange(e.target.value as T)} className={`${inputStyles} w-auto py-2`}>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}

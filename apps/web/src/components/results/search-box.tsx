import { useEffect, useEffectEvent, useState } from 'react';
import { inputStyles } from '@/components/ui/form-field.tsx';
import { useDebounced } from './use-debounced.ts';

export const SEARCH_DEBOUNCE_MS = 500;

/** A search input that reports its value 500 ms after typing stops; disabled for visitors. */
export function SearchBox({ value, onSearch, disabled, placeholder }: { value: string; onSearch(q: string): void; disabled: boolean; placeholder: string }) {
  const [text, setText] = useState(value);
  const debounced = useDebounced(text, SEARCH_DEBOUNCE_MS);
  // Only a settled change of the text triggers a search; onSearch and value are read as of then.
  const settled = useEffectEvent((q: string) => {
    if (q !== value) onSearch(q);
  });
  useEffect(() => {
    settled(debounced.trim());
  }, [debounced]);
  return (
    <div className="w-full sm:max-w-sm">
      <label htmlFor="results-search" className="sr-only">
        Search colleges
      </label>
      <input
        id="results-search"
        type="search"
        value={text}
        disabled={disabled}
        onChange={(e) => setText(e.target.value)}
        placeholder={disabled ? 'Sign in to search' : placeholder}
        className={`${inputStyles} disabled:cursor-not-allowed disabled:bg-slate-100`}
      />
    </div>
  );
}

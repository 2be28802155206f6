import { forwardRef, useState, type InputHTMLAttributes } from 'react';
import { inputStyles } from '@/components/ui/form-field.tsx';

/** A password field with a show/hide toggle. */
export const PasswordInput = forwardRef<HTMLInputElement, InputHTMLAttributes<HTMLInputElement>>(function PasswordInput(props, ref) {
  const [shown, setShown] = useState(false);
  return (
    <div className="relative">
      <input ref={ref} {...props} type={shown ? 'text' : 'password'} className={`${inputStyles} pr-16`} />
      <button
        type="button"
        onClick={() => setShown((s) => !s)}
        className="absolute inset-y-0 right-2 my-auto h-8 rounded px-2 text-xs font-medium text-brand-700 hover:bg-brand-50"
        aria-label={shown ? 'Hide password' : 'Show password'}
      >
        {shown ? 'Hide' : 'Show'}
      </button>
    </div>
  );
});

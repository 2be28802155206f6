import { useRef } from 'react';
import { toast } from 'sonner';

export const OTP_CLIPBOARD_INVALID = 'No valid 6-digit OTP found in clipboard';
export const OTP_CLIPBOARD_FAILED = 'Failed to read clipboard';

/**
 * Spec §4 OTP boxes: one digit each with auto-advance, Backspace on an empty box moves back, and
 * focusing the first box fills a 6-digit code from the clipboard when there is one.
 */
export function OtpBoxes({ value, onChange }: { value: string[]; onChange(v: string[]): void }) {
  const refs = useRef<(HTMLInputElement | null)[]>([]);
  const set = (i: number, digit: string) => {
    const next = [...value];
    next[i] = digit;
    onChange(next);
  };
  const readClipboard = async () => {
    try {
      const text = (await navigator.clipboard.readText()).trim();
      if (/^\d{6}$/.test(text)) {
        onChange(text.split(''));
        refs.current[5]?.focus();
      } else {
        toast.error(OTP_CLIPBOARD_INVALID);
      }
    } catch {
      toast.error(OTP_CLIPBOARD_FAILED);
    }
  };
  return (
    <div className="flex justify-between gap-2" role="group" aria-label="Verification code">
      {value.map((d, i) => (
        <input
          key={i}
          ref={(el) => {
            refs.current[i] = el;
          }}
          value={d}
          inputMode="numeric"
          autoComplete={i === 0 ? 'one-time-code' : 'off'}
          maxLength={1}
          aria-label={`Digit ${i + 1}`}
          className="h-12 w-12 rounded-lg border border-slate-300 text-center text-xl font-semibold focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-100"
          onFocus={i === 0 ? () => void readClipboard() : undefined}
          onChange={(e) => {
            const digit = e.target.value.replace(/\D/g, '').slice(-1);
            set(i, digit);
            if (digit && i < 5) refs.current[i + 1]?.focus();
          }}
          onKeyDown={(e) => {
            if (e.key === 'Backspace' && !value[i] && i > 0) {
              e.preventDefault();
              set(i - 1, '');
              refs.current[i - 1]?.focus();
            }
          }}
        />
      ))}
    </div>
  );
}

import { useRef } from 'react';
import { toast } from 'sonner';

export const OTP_CLIPBOARD_INVALID = 'No valid 6-digit OTP found in clipboard';
export const OTP_CLIPBOARD_FAILED = 'Failed to read clipboard';

const LENGTH = 6;
const codeIn = (text: string): string | null => {
  const digits = text.replace(/\s/g, '');
  return /^\d{6}$/.test(digits) ? digits : null;
};

/**
 * The digit a box holds after an edit: with one digit already there, the browser gives both
 * (`"37"` or `"73"` depending on the caret), and the new one replaces the old.
 */
export function typedDigit(previous: string, raw: string): string {
  const digits = raw.replace(/\D/g, '');
  if (digits.length <= 1) return digits;
  const i = digits.indexOf(previous);
  return i === -1 ? digits.slice(-1) : (digits.slice(0, i) + digits.slice(i + 1)).slice(-1);
}

/**
 * Spec §4 OTP boxes: one digit each with auto-advance, Backspace on an empty box moves back, and
 * focusing the first box fills a 6-digit code from the clipboard when there is one. That read is
 * silent (it happens as the dialog opens, and the browser may refuse it); the two clipboard
 * messages are for the student's own actions: a paste, or the Paste code button.
 */
export function OtpBoxes({ value, onChange }: { value: string[]; onChange(v: string[]): void }) {
  const refs = useRef<(HTMLInputElement | null)[]>([]);
  const set = (i: number, digit: string) => {
    const next = [...value];
    next[i] = digit;
    onChange(next);
  };
  const fill = (code: string) => {
    onChange(code.split(''));
    refs.current[LENGTH - 1]?.focus();
  };
  const readClipboard = async (speak: boolean) => {
    try {
      const code = codeIn(await navigator.clipboard.readText());
      if (code) fill(code);
      else if (speak) toast.error(OTP_CLIPBOARD_INVALID);
    } catch {
      if (speak) toast.error(OTP_CLIPBOARD_FAILED);
    }
  };
  return (
    <div className="grid gap-2">
      <div className="flex justify-between gap-1.5 sm:gap-2" role="group" aria-label="Verification code">
        {value.map((d, i) => (
          <input
            key={i}
            ref={(el) => {
              refs.current[i] = el;
            }}
            value={d}
            inputMode="numeric"
            autoComplete={i === 0 ? 'one-time-code' : 'off'}
            aria-label={`Digit ${i + 1}`}
            className="h-12 w-full min-w-0 max-w-12 rounded-lg border border-slate-300 text-center text-xl font-semibold focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-100"
            onFocus={(e) => {
              // Typing over a filled box replaces its digit.
              e.currentTarget.select();
              if (i === 0) void readClipboard(false);
            }}
            onPaste={(e) => {
              e.preventDefault();
              const code = codeIn(e.clipboardData.getData('text'));
              if (code) fill(code);
              else toast.error(OTP_CLIPBOARD_INVALID);
            }}
            onChange={(e) => {
              const digit = typedDigit(d, e.target.value);
              set(i, digit);
              if (digit && i < LENGTH - 1) refs.current[i + 1]?.focus();
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
      <button type="button" onClick={() => void readClipboard(true)} className="justify-self-start text-sm font-medium text-brand-700 underline">
        Paste code
      </button>
    </div>
  );
}

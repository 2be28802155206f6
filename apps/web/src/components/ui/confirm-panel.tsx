import { useId } from 'react';
import { Button } from './button.tsx';

/** An inline "are you sure?" under a card's buttons: what will happen, then yes or back. */
export function ConfirmPanel(p: { label: string; text: string; yes: string; no: string; busy: boolean; onYes(): void; onNo(): void }) {
  const id = useId();
  return (
    <div role="group" aria-labelledby={id} className="grid gap-2 rounded-xl bg-slate-50 p-4 ring-1 ring-slate-200">
      <p id={id} className="font-semibold text-slate-900">
        {p.label}
      </p>
      <p className="text-sm text-slate-700">{p.text}</p>
      <div className="flex gap-2">
        <Button onClick={p.onYes} disabled={p.busy}>
          {p.yes}
        </Button>
        <Button variant="secondary" onClick={p.onNo} disabled={p.busy}>
          {p.no}
        </Button>
      </div>
    </div>
  );
}

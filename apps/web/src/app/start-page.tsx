import { lazy, Suspense, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useHydrated } from '@/lib/hydrated.ts';

// Each form (with its schemas and form library) loads when its stream is chosen, not with the stream choice.
const EngineeringForm = lazy(() => import('@/features/engineering/components/engineering-form.tsx').then((m) => ({ default: m.EngineeringForm })));
const MedicalForm = lazy(() => import('@/features/medical/components/medical-form.tsx').then((m) => ({ default: m.MedicalForm })));

type Stream = 'engineering' | 'medical';

function streamOf(params: URLSearchParams): Stream | null {
  const s = params.get('stream');
  return s === 'engineering' || s === 'medical' ? s : null;
}

/**
 * Spec §2 Start page: choose a stream, then its form; Change Stream goes back. A preference set
 * being edited comes in the URL (`?stream=engineering&rank=…`: the results page's Edit link and
 * Adjust Preferences) and the form opens filled with exactly that set; otherwise it starts empty
 * (or offers the tab's last search, saying so).
 */
export function StartPage() {
  const [params, setParams] = useSearchParams();
  const [picked, setPicked] = useState<Stream | null>(null);
  // The page is prerendered without a query (the stream choice): it hydrates as that, then shows the URL's set.
  const hydrated = useHydrated();
  const fromUrl = hydrated ? streamOf(params) : null;
  const stream = fromUrl ?? picked;
  const setStream = (s: Stream | null) => {
    setPicked(s);
    // Leaving the set being edited: what comes next starts from scratch.
    if (fromUrl) setParams({}, { replace: true });
  };
  const editing = fromUrl ? params.toString() : undefined;
  return (
    <main className="mx-auto w-full max-w-4xl px-4 py-12">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">
        {stream === 'medical' ? 'NEET rank' : stream === 'engineering' ? 'Engineering preferences' : 'Choose your stream'}
      </h1>
      {stream === null ? (
        <div className="mt-8 grid gap-4 sm:grid-cols-2">
          <button
            type="button"
            onClick={() => setStream('engineering')}
            className="rounded-2xl border border-slate-200 bg-white p-6 text-left shadow-sm transition hover:border-brand-600"
          >
            <span className="block text-xl font-semibold text-slate-900">Engineering</span>
            <span className="mt-1 block text-slate-700">JEE Mains, JEE Advanced and CSAB</span>
          </button>
          <button
            type="button"
            onClick={() => setStream('medical')}
            className="rounded-2xl border border-slate-200 bg-white p-6 text-left shadow-sm transition hover:border-brand-600"
          >
            <span className="block text-xl font-semibold text-slate-900">Medical</span>
            <span className="mt-1 block text-slate-700">NEET PG</span>
          </button>
        </div>
      ) : (
        <div className="mt-6 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
          <button type="button" onClick={() => setStream(null)} className="mb-4 text-sm font-medium text-brand-700 underline">
            Change Stream
          </button>
          <Suspense fallback={<p className="py-8 text-slate-700">Loading the form…</p>}>
            {/* Keyed by the URL: another Edit link, or leaving one, gives a fresh form. */}
            {stream === 'engineering' ? <EngineeringForm key={editing} editing={editing} /> : <MedicalForm key={editing} editing={editing} />}
          </Suspense>
        </div>
      )}
    </main>
  );
}

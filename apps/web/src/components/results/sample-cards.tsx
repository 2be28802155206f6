/** Placeholder cards shown blurred to visitors (ids clg-1...; never comparable, never real seats). */
export function SampleCards() {
  return (
    <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {['clg-1', 'clg-2', 'clg-3'].map((id) => (
        <div key={id} data-id={id} className="h-52 rounded-2xl border border-slate-200 bg-white p-5">
          <div className="h-12 w-12 rounded-xl bg-slate-200" />
          <div className="mt-4 h-4 w-3/4 rounded bg-slate-200" />
          <div className="mt-2 h-4 w-1/2 rounded bg-slate-200" />
          <div className="mt-6 h-4 w-2/3 rounded bg-slate-200" />
        </div>
      ))}
    </div>
  );
}

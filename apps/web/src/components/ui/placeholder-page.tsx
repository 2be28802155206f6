/** A page whose feature has not landed yet: its heading only. */
export function PlaceholderPage({ title }: { title: string }) {
  return (
    <main className="mx-auto max-w-5xl px-4 py-16">
      <h1 className="text-3xl font-bold text-slate-900">{title}</h1>
    </main>
  );
}

/** Spec §2 Other: the error-boundary fallback. */
export function ErrorFallback({ onReset }: { onReset?: () => void }) {
  return (
    <main role="alert" className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center">
      <h1 className="text-2xl font-semibold">Something went wrong! Please try again.</h1>
      <div className="mt-8 flex gap-3">
        <button
          type="button"
          onClick={() => (onReset ? onReset() : window.location.reload())}
          className="rounded-lg bg-brand-700 px-5 py-2.5 font-medium text-white hover:bg-brand-600"
        >
          Try Again
        </button>
        <a href="/" className="rounded-lg border border-slate-300 px-5 py-2.5 font-medium hover:bg-slate-50">
          Go Home
        </a>
      </div>
    </main>
  );
}

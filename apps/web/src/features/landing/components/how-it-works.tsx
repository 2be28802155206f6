import clsx from 'clsx';
import { useState } from 'react';

const steps = [
  { title: 'Register', text: 'Create a free account with your e-mail in under a minute.' },
  { title: 'Input Preference', text: 'Enter your rank, category, home state and the branches you like.' },
  {
    title: 'We match your rank',
    text: 'Your rank is checked against official closing ranks of past counselling rounds, and each seat gets your chance of admission.',
  },
  { title: 'Get your Dream College', text: 'See every program your rank can reach, compare them, and talk to students.' },
];

/** Spec §1: the 4-step how-it-works carousel. */
export function HowItWorks() {
  const [active, setActive] = useState(0);
  return (
    <section aria-labelledby="how-it-works" className="mx-auto max-w-7xl px-4 py-16">
      <h2 id="how-it-works" className="text-center text-3xl font-bold text-slate-900">
        How it works
      </h2>
      <p className="mt-2 text-center text-lg text-slate-700">Get your dream college in 4 clicks</p>
      <ol className="mt-10 grid gap-4 md:grid-cols-4">
        {steps.map((s, i) => (
          <li
            key={s.title}
            className={clsx(
              'rounded-2xl border bg-white p-6 shadow-sm transition',
              i === active ? 'border-brand-600 ring-2 ring-brand-100' : 'border-slate-200',
              i !== active && 'hidden md:block',
            )}
          >
            <span className="flex h-10 w-10 items-center justify-center rounded-full bg-brand-700 font-bold text-white">{i + 1}</span>
            <h3 className="mt-4 text-lg font-semibold text-slate-900">{s.title}</h3>
            <p className="mt-2 text-sm text-slate-700">{s.text}</p>
          </li>
        ))}
      </ol>
      <div className="mt-6 flex items-center justify-center gap-3">
        <button
          type="button"
          className="rounded-full border border-slate-300 px-4 py-2 text-sm font-medium hover:bg-slate-50"
          onClick={() => setActive((a) => (a + 3) % 4)}
          aria-label="Previous step"
        >
          ‹ Prev
        </button>
        <span className="text-sm text-slate-700" aria-live="polite">
          Step {active + 1} of 4: {steps[active].title}
        </span>
        <button
          type="button"
          className="rounded-full border border-slate-300 px-4 py-2 text-sm font-medium hover:bg-slate-50"
          onClick={() => setActive((a) => (a + 1) % 4)}
          aria-label="Next step"
        >
          Next ›
        </button>
      </div>
    </section>
  );
}

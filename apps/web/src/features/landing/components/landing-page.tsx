import { Link } from 'react-router';
import { buttonStyles } from '@/components/ui/button.tsx';
import { useModal } from '@/lib/stores/modals.ts';
import { Banner } from './banner.tsx';
import { DataLine } from './data-line.tsx';
import { HowItWorks } from './how-it-works.tsx';

export function LandingPage() {
  const open = useModal((s) => s.open);
  return (
    <main>
      <section className="bg-gradient-to-b from-brand-50 to-slate-50">
        <div className="mx-auto grid max-w-7xl items-center gap-10 px-4 py-14 md:grid-cols-2 md:py-20">
          <div>
            <p className="text-sm font-semibold uppercase tracking-wider text-brand-700">a data-driven college advisor</p>
            <h1 className="mt-3 text-4xl font-extrabold tracking-tight text-slate-900 sm:text-5xl">Get your dream college in 4 clicks</h1>
            <p className="mt-5 text-lg text-slate-700">
              Enter your JEE Main, JEE Advanced, CSAB or NEET PG rank and see the colleges and programs it can really reach, judged on the official closing
              ranks of past counselling rounds.
            </p>
            <DataLine />
            <div className="mt-8 flex flex-wrap gap-3">
              <button type="button" className={buttonStyles.primary} onClick={() => open('start')}>
                College Predictor
              </button>
              <Link to="/connect-students" className={buttonStyles.secondary}>
                Connect with Students
              </Link>
            </div>
          </div>
          <Banner />
        </div>
      </section>
      <HowItWorks />
    </main>
  );
}

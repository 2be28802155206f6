import { sessionRules } from '@rankwise/contract/sessions';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Page } from '@/components/ui/page.tsx';

export const faqs: { q: string; a: ReactNode }[] = [
  {
    q: 'What is the Rankwise college finder?',
    a: 'It takes your JEE Main, JEE Advanced, CSAB or NEET PG rank with your category, gender and home state, and lists the programs whose last official closing rank your rank would have reached.',
  },
  {
    q: 'Where does your database come from?',
    a: 'From the official opening and closing ranks of JoSAA (2016 to 2025), CSAB 2025 special rounds and MCC NEET PG all-India allotments, and placement figures institutes file with NIRF. Each result shows the year and round it is based on.',
  },
  {
    q: 'How do the rankings and results work?',
    a: 'By default results are sorted by closing rank: the most competitive programs your rank reaches come first. You can also sort by package, fees (IIT and NIT tuition), program or college name. NIRF ranks are shown as published, with the NIRF year beside each.',
  },
  {
    q: 'Which filters can I use?',
    a: 'Exam, category (including PwD, and optionally for CSAB), gender, home state (which decides home-state and other-state quotas), and branches. The form also asks about sports, hostel and mess facilities, but no facility data is available yet, so those answers do not change the results. Signed-in users can also search by college or program name.',
  },
  {
    q: 'What are the benefits of signing up?',
    a: 'Signed-in students see every matching college (not only the first page), can search, compare up to 3 colleges side by side, read college details and book a video session with a current student.',
  },
  {
    q: 'How is my chance of admission computed?',
    a: (
      <>
        From ten years of official closing ranks (JoSAA 2016 onwards, MCC NEET PG): how much each seat’s final closing rank moved from one year to the next.
        Your chance is the share of those past moves under which your rank would still have been within the seat’s closing rank, starting from its latest round.
        The model is checked on every past year it did not see (a backtest), and the figures of that check are published.{' '}
        <Link to="/methodology" className="font-medium text-brand-700 underline">
          How chances are computed
        </Link>
      </>
    ),
  },
  {
    q: 'How do I book a session with a student, and what does it cost?',
    a: `Open a college’s Connect with Students page, choose a counsellor, then a date, a time and a 12-minute (₹279) or 25-minute (₹419) session, give your phone number and pay through Cashfree. You get a confirmation and reminders by e-mail 24 hours and 1 hour before. ${sessionRules.reschedule} Your sessions are under My sessions.`,
  },
  {
    q: 'Can I cancel, and how do refunds work?',
    a: `${sessionRules.cancelFree} ${sessionRules.counsellorCancels} ${sessionRules.reportAbsence} ${sessionRules.refundTime}`,
  },
  {
    q: 'Is my data secure?',
    a: 'Passwords are stored only as strong one-way hashes, sessions use secure cookies, and payments go through Cashfree so we never see card details. We do not sell your data. See the Privacy Policy for details.',
  },
];

export function FaqPage() {
  return (
    <Page title="Frequently Asked Questions">
      <div className="divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white">
        {faqs.map((f) => (
          <details key={f.q} className="group p-5">
            <summary className="cursor-pointer list-none font-semibold text-slate-900 marker:hidden">
              <span className="flex items-center justify-between gap-4">
                {f.q}
                <span aria-hidden="true" className="text-brand-700 transition group-open:rotate-45">
                  +
                </span>
              </span>
            </summary>
            <p className="mt-3 text-slate-700">{f.a}</p>
          </details>
        ))}
      </div>
    </Page>
  );
}

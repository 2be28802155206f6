import { Page } from '@/components/ui/page.tsx';

const features = [
  {
    title: 'Personalized AI college finder',
    text: 'Tell us what matters to you (city, budget, branch, campus life) and get a shortlist ranked for you, not just by closing rank.',
  },
  { title: 'Connect with students', text: 'Group sessions and chat with current students of the colleges on your shortlist, beyond one-to-one video calls.' },
  { title: 'Distance learning', text: 'Recognised online and distance degree programs, with the same honest data on fees and outcomes.' },
  {
    title: 'Scholarships matched to your rank',
    text: 'Government and private scholarships you are eligible for, matched to your rank, category and family income.',
  },
];

export function UpcomingFeaturesPage() {
  return (
    <Page title="Upcoming Features" lead="What we are building next.">
      <div className="grid gap-4 sm:grid-cols-2">
        {features.map((f) => (
          <section key={f.title} className="rounded-2xl border border-slate-200 bg-white p-6">
            <h2 className="text-lg font-semibold text-slate-900">{f.title}</h2>
            <p className="mt-2 text-sm">{f.text}</p>
          </section>
        ))}
      </div>
    </Page>
  );
}

import { Link } from 'react-router';
import { buttonStyles } from '@/components/ui/button.tsx';
import { Page, Section } from '@/components/ui/page.tsx';
import { useAppConfig } from '@/lib/app-config.ts';

const values = [
  { name: 'Innovation', text: 'We build new ways to turn public admission data into clear answers.' },
  { name: 'Empathy', text: 'Admissions are stressful. We design for the student and the family on the other side of the screen.' },
  { name: 'Accuracy', text: 'Every figure comes from an official source with its year; where we have no data we say NA, never a guess.' },
  { name: 'Accessibility', text: 'Free to start, usable on any phone, and readable by screen readers.' },
  { name: 'Integrity', text: 'No paid rankings and no hidden promotion: colleges appear because your rank can reach them.' },
];

export function AboutPage() {
  const { supportEmail } = useAppConfig();
  return (
    <Page title="About Us" lead="Rankwise is a data-driven college advisor for students in India.">
      <Section title="Our vision">
        <p>
          A country where every student chooses a college with the same information as the best-advised student, whatever their city, school or family
          background.
        </p>
      </Section>
      <Section title="Our mission">
        <p>
          To turn the official closing ranks of JoSAA, CSAB and MCC counselling, and NIRF&apos;s placement figures, into an honest answer to one question: which
          colleges can my rank really reach? And to connect students with current students of those colleges who can tell them what life there is like.
        </p>
      </Section>
      <Section title="Our core values">
        <ul className="grid gap-4 sm:grid-cols-2">
          {values.map((v) => (
            <li key={v.name} className="rounded-xl border border-slate-200 bg-white p-5">
              <h3 className="font-semibold text-slate-900">{v.name}</h3>
              <p className="mt-1 text-sm">{v.text}</p>
            </li>
          ))}
        </ul>
      </Section>
      <section className="rounded-2xl bg-brand-50 p-6">
        <h2 className="text-xl font-semibold text-slate-900">Need Assistance?</h2>
        <p className="mt-2">
          Write to us at{' '}
          <a className="font-medium text-brand-700 underline" href={`mailto:${supportEmail}`}>
            {supportEmail}
          </a>{' '}
          or send us a message.
        </p>
        <Link to="/contact" className={`${buttonStyles.primary} mt-4`}>
          Contact Us
        </Link>
      </section>
    </Page>
  );
}

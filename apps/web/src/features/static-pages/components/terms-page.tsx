import { sessionRules } from '@rankwise/contract/sessions';
import { Page } from '@/components/ui/page.tsx';
import { useAppConfig } from '@/lib/app-config.ts';

/** The day these terms last changed in substance; change it with them. */
export const TERMS_LAST_CHANGED = '2026-11-23';

const longDate = (iso: string) => new Date(`${iso}T00:00:00Z`).toLocaleDateString('en-IN', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

export function TermsPage() {
  const { companyLegalName, productName, supportEmail } = useAppConfig();
  const items = [
    ['Who these terms are between', `You and ${companyLegalName}, which runs ${productName}.`],
    [
      'What the service is',
      'A college advisor that compares your rank with official closing ranks of past counselling rounds, shows placement figures published through NIRF, and lets you book paid video sessions with current students.',
    ],
    [
      'Predictions are guidance, not a guarantee',
      'Closing ranks change every year. A college that closed above your rank last year may close below it this year. Always confirm with the official counselling body (JoSAA, CSAB or MCC) before you decide.',
    ],
    [
      'Accuracy of data',
      'We show data as published, with its year and source, and show NA where we have none. If you find an error, tell us and we will correct it.',
    ],
    ['Your account', 'Keep your password private. You are responsible for what is done with your account. One account per person.'],
    ['Acceptable use', 'Do not scrape the service, overload it, try to break its security, or use it to harass anyone.'],
    [
      'Sessions with counsellors',
      `Counsellors are students sharing their own experience, not official representatives of their college. Sessions are 12 or 25 minutes at the price shown when you book. ${sessionRules.reminders} ${sessionRules.reschedule}`,
    ],
    [
      'Payments and refunds',
      `Payments are processed by Cashfree Payments. ${sessionRules.cancelFree} ${sessionRules.counsellorCancels} ${sessionRules.reportAbsence} ${sessionRules.refundTime}`,
    ],
    [
      'Reviews',
      'You can review a counsellor after a session with them that took place: one review per session. Reviews must be honest; we may remove reviews that are abusive, false or off-topic.',
    ],
    ['Liability', 'The service is provided as is. We are not liable for admission decisions made using it, to the extent the law allows.'],
    [
      'Changes to these terms',
      'We may update these terms; we will show the date of the latest change on this page and tell registered users of important changes by e-mail.',
    ],
    ['Contact and disputes', `Write to ${supportEmail}. These terms are governed by the laws of India.`],
  ];
  return (
    <Page title="Terms & Conditions" lead={`By using ${productName} you agree to these terms. They are written to be read.`}>
      <p className="text-sm text-slate-600">
        Last changed: <time dateTime={TERMS_LAST_CHANGED}>{longDate(TERMS_LAST_CHANGED)}</time>
      </p>
      <ol className="list-decimal space-y-4 pl-6">
        {items.map(([title, text]) => (
          <li key={title}>
            <h2 className="font-semibold text-slate-900">{title}</h2>
            <p className="mt-1">{text}</p>
          </li>
        ))}
      </ol>
    </Page>
  );
}

import { Page, Section } from '@/components/ui/page.tsx';
import { useAppConfig } from '@/lib/app-config.ts';

export function PrivacyPolicyPage() {
  const { companyLegalName, productName, supportEmail } = useAppConfig();
  const sections = [
    ['Who we are', `${productName} is run by ${companyLegalName}. This policy explains what we store about you, why, and for how long.`],
    [
      'Your account',
      'When you register we store your username, e-mail address and a one-way hash of your password (never the password itself). If you sign in with Google we store your Google account identifier and e-mail. We keep your account until you ask us to delete it.',
    ],
    [
      'Sign-in sessions',
      'To keep you signed in we store a hash of a random session token and when it expires: at most 30 days when you tick "Keep me logged in", otherwise until you close the browser. Logging out ends the session at once.',
    ],
    [
      'Your preferences',
      'The ranks and preferences you enter are used to answer your search. To keep the service fair we count how many different searches each account or network address makes per day; we keep only a fingerprint of each search for that day.',
    ],
    [
      'Bookings and payments',
      'When you book a session with a counsellor we store the date, time, your phone number and the payment reference from our payment provider, Cashfree Payments. Card and bank details go to Cashfree directly; we never see or store them. Booking records are kept for 8 years, as Indian tax law requires for payment records.',
    ],
    ['Reviews', 'Reviews you write are shown with your username and kept until you or we remove them.'],
    ['Messages to us', 'Contact, help and feedback messages are kept for 2 years so that we can answer you and improve the service, then deleted.'],
    [
      'Who we share data with',
      'Only with the services that run the product for us (our e-mail provider, Cashfree for payments, and the counsellor you book, who receives your name and the meeting link). We do not sell your data and we show no third-party advertising.',
    ],
    [
      'Cookies',
      'We use two essential cookies to keep you signed in: the session itself, which no script on the page can read, and a marker holding no personal data that tells the site whether there is a session to restore. Both last as long as the session. We use no advertising or tracking cookies.',
    ],
    [
      'Your rights',
      `You can ask for a copy of your data, for a correction, or for deletion at any time by writing to ${supportEmail}. We answer within 30 days.`,
    ],
  ];
  return (
    <Page title="Privacy Policy" lead="Plain language: what we store, why, and for how long.">
      {sections.map(([title, text]) => (
        <Section key={title} title={title}>
          <p>{text}</p>
        </Section>
      ))}
    </Page>
  );
}

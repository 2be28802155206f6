import { use, type ComponentType, type ReactElement } from 'react';
import { ProtectedRoute } from './protected-route.tsx';
import { defaultMeta, pageMeta as meta, type RouteMeta } from './route-meta.ts';

type Guard = 'protected' | 'showSignedOut';

/** A route of the app: its path, what it tells the document, its element, and how to load its code. */
export type Page = { path: string; meta: RouteMeta; element: ReactElement; preload(): Promise<unknown> };

/**
 * Every page is its own chunk, loaded when first visited: the landing page's JavaScript carries none
 * of the others. `preload` loads it ahead (main.tsx does so for the first page before rendering, so
 * prerendered HTML hydrates as it is and no page renders empty); a navigation to a page not yet
 * loaded suspends inside a transition, so the current page stays until the next one is ready.
 */
function page(load: () => Promise<ComponentType>, guard?: Guard): Pick<Page, 'element' | 'preload'> {
  let loaded: ComponentType | undefined;
  let pending: Promise<ComponentType> | undefined;
  const preload = () =>
    (pending ??= load().then(
      (c) => (loaded = c),
      (err: unknown) => {
        pending = undefined;
        throw err;
      },
    ));
  function LazyPage() {
    const Component = loaded ?? use(preload());
    return <Component />;
  }
  const element = guard ? (
    <ProtectedRoute showSignedOut={guard === 'showSignedOut'}>
      <LazyPage />
    </ProtectedRoute>
  ) : (
    <LazyPage />
  );
  return { element, preload };
}

/** Spec §2 route table (the pages rendered to HTML at build time: prerendered-paths.ts). */
export const pages: Page[] = [
  { path: '/', meta: defaultMeta, ...page(() => import('@/features/landing/components/landing-page.tsx').then((m) => m.LandingPage)) },
  {
    path: 'auth/login',
    meta: meta('Sign in', 'Sign in to Rankwise to see every college your rank can reach.'),
    ...page(() => import('@/features/auth/components/login-route.tsx').then((m) => m.LoginRoute)),
  },
  {
    path: 'auth/google/callback',
    meta: meta('Signing in with Google', 'Signing in to Rankwise with Google.'),
    ...page(() => import('@/features/auth/components/google-callback-page.tsx').then((m) => m.GoogleCallbackPage)),
  },
  {
    path: 'auth/verify-reset-token/:token',
    meta: meta('Checking your reset link', 'Checking your Rankwise password reset link.'),
    ...page(() => import('@/features/auth/components/verify-reset-token-page.tsx').then((m) => m.VerifyResetTokenPage)),
  },
  {
    path: 'auth/reset-password',
    meta: meta('Reset password', 'Choose a new password for your Rankwise account.'),
    ...page(() => import('@/features/auth/components/reset-password-page.tsx').then((m) => m.ResetPasswordPage)),
  },
  {
    path: 'about',
    meta: meta('About us', 'Why Rankwise exists: our vision, our mission and the values behind a data-driven college advisor.'),
    ...page(() => import('@/features/static-pages/components/about-page.tsx').then((m) => m.AboutPage)),
  },
  {
    path: 'privacy-policy',
    meta: meta('Privacy policy', 'What Rankwise stores about you, why, for how long, and your rights.'),
    ...page(() => import('@/features/static-pages/components/privacy-policy-page.tsx').then((m) => m.PrivacyPolicyPage)),
  },
  {
    path: 'terms',
    meta: meta('Terms & conditions', 'The terms for using Rankwise, booking sessions with counsellors, payments and refunds.'),
    ...page(() => import('@/features/static-pages/components/terms-page.tsx').then((m) => m.TermsPage)),
  },
  {
    path: 'help-center',
    meta: meta('Help center', 'Get help with Rankwise: ask a question or tell us what went wrong.'),
    ...page(() => import('@/features/static-pages/components/help-center-page.tsx').then((m) => m.HelpCenterPage)),
  },
  {
    path: 'contact',
    meta: meta('Contact us', 'Write to the Rankwise team: questions about colleges, your account or a session.'),
    ...page(() => import('@/features/contact/components/contact-page.tsx').then((m) => m.ContactPage)),
  },
  {
    path: 'faq',
    meta: meta('FAQ', 'Answers to common questions about the Rankwise college finder, its data, rankings, filters and security.'),
    ...page(() => import('@/features/static-pages/components/faq-page.tsx').then((m) => m.FaqPage)),
  },
  {
    path: 'methodology',
    meta: meta('How chances are computed', 'How Rankwise computes your chance of admission from past closing ranks, and how accurate it has been.'),
    ...page(() => import('@/features/methodology/components/methodology-page.tsx').then((m) => m.MethodologyPage)),
  },
  {
    path: 'feedback',
    meta: meta('Feedback', 'Tell us how Rankwise worked for you.'),
    ...page(() => import('@/features/static-pages/components/feedback-page.tsx').then((m) => m.FeedbackPage)),
  },
  {
    path: 'upcoming-features',
    meta: meta('Upcoming features', 'What comes next on Rankwise: an AI college finder, connecting with students, distance learning and scholarships.'),
    ...page(() => import('@/features/static-pages/components/upcoming-features-page.tsx').then((m) => m.UpcomingFeaturesPage)),
  },
  {
    path: 'start',
    meta: meta('College predictor', 'Enter your JEE Main, JEE Advanced, CSAB or NEET PG rank and preferences to see the colleges you can reach.'),
    ...page(() => import('./start-page.tsx').then((m) => m.StartPage)),
  },
  // Visitors get the limited view of the results pages (DECISIONS.md), so no guard here.
  {
    path: 'colleges',
    meta: meta('Your engineering colleges', 'The engineering colleges and programs your JEE or CSAB rank can reach, with your chance of admission.'),
    ...page(() => import('@/features/engineering/components/colleges-page.tsx').then((m) => m.CollegesPage)),
  },
  {
    path: 'medical-colleges',
    meta: meta('Your medical colleges', 'The NEET PG seats your rank can reach, with fees and your chance of admission.'),
    ...page(() => import('@/features/medical/components/medical-colleges-page.tsx').then((m) => m.MedicalCollegesPage)),
  },
  {
    path: 'compare',
    meta: meta('Compare colleges', 'Compare up to three colleges side by side: placements, fees and distance from home.'),
    ...page(() => import('@/features/compare/components/compare-page.tsx').then((m) => m.ComparePage), 'protected'),
  },
  {
    path: 'about-college',
    meta: meta('About the college', 'A college on Rankwise: about, branches, placements, companies and closing-rank history.'),
    ...page(() => import('@/features/colleges/components/about-college-page.tsx').then((m) => m.AboutCollegePage), 'protected'),
  },
  {
    path: 'connect-students',
    meta: meta('Connect with students', 'Book a video session with a current student of the college you are considering.'),
    ...page(() => import('@/features/counsellors/components/connect-students-page.tsx').then((m) => m.ConnectStudentsPage), 'protected'),
  },
  {
    path: 'counsellor',
    meta: meta('Counsellor profile', 'Guide students from your college as a Rankwise counsellor.'),
    ...page(() => import('@/features/counsellors/components/counsellor-profile-page.tsx').then((m) => m.CounsellorProfilePage), 'protected'),
  },
  {
    path: 'admin/counsellors',
    meta: meta('Counsellor applications', 'Review counsellor applications.'),
    ...page(() => import('@/features/counsellors/components/admin-applications-page.tsx').then((m) => m.AdminApplicationsPage), 'protected'),
  },
  {
    path: 'admin/profile-changes',
    meta: meta('Profile changes', "Review counsellors' profile changes."),
    ...page(() => import('@/features/counsellors/components/admin-profile-changes-page.tsx').then((m) => m.AdminProfileChangesPage), 'protected'),
  },
  {
    path: 'admin/payouts',
    meta: meta('Payouts', 'What to pay each counsellor, and the payouts recorded.'),
    ...page(() => import('@/features/counsellors/components/admin-payouts-page.tsx').then((m) => m.AdminPayoutsPage), 'protected'),
  },
  {
    path: 'counsellors/stop',
    meta: meta('Stop e-mails', "Stop a college's 'tell me when a counsellor joins' e-mail."),
    ...page(() => import('@/features/counsellors/components/stop-watch-page.tsx').then((m) => m.StopWatchPage)),
  },
  {
    path: 'admin/disputes',
    meta: meta('Session disputes', 'Decide disputed sessions.'),
    ...page(() => import('@/features/counsellors/components/admin-disputes-page.tsx').then((m) => m.AdminDisputesPage), 'protected'),
  },
  {
    path: 'admin/data',
    meta: meta('Add a counselling round', 'Add a published counselling round to the data.'),
    ...page(() => import('@/features/data-admin/components/admin-data-page.tsx').then((m) => m.AdminDataPage), 'protected'),
  },
  {
    path: 'sessions',
    meta: meta('My sessions', 'Your booked sessions with counsellors: join, move, cancel or review.'),
    ...page(() => import('@/features/bookings/components/my-sessions-page.tsx').then((m) => m.MySessionsPage), 'protected'),
  },
  {
    path: 'choices',
    meta: meta('My choice lists', 'Build your JoSAA, CSAB or MCC choice list and see the chance of every outcome.'),
    ...page(() => import('@/features/choices/components/choices-page.tsx').then((m) => m.ChoicesPage), 'protected'),
  },
  {
    path: 'choices/shared/:token',
    meta: meta('Shared choice list', 'A choice list shared read-only from Rankwise.'),
    ...page(() => import('@/features/choices/components/shared-list-page.tsx').then((m) => m.SharedListPage)),
  },
  {
    path: 'reviews',
    meta: meta('Ratings & reviews', 'What students say about a Rankwise counsellor after their sessions.'),
    ...page(() => import('@/features/reviews/components/reviews-page.tsx').then((m) => m.ReviewsPage), 'showSignedOut'),
  },
  {
    path: '*',
    meta: meta('Page not found', 'This page does not exist on Rankwise.'),
    ...page(() => import('./not-found.tsx').then((m) => m.NotFoundPage)),
  },
];

import { createBrowserRouter } from 'react-router';
import { ContactPage } from '@/features/contact/components/contact-page.tsx';
import { AdminApplicationsPage } from '@/features/counsellors/components/admin-applications-page.tsx';
import { AdminDisputesPage } from '@/features/counsellors/components/admin-disputes-page.tsx';
import { MySessionsPage } from '@/features/bookings/components/my-sessions-page.tsx';
import { ConnectStudentsPage } from '@/features/counsellors/components/connect-students-page.tsx';
import { CounsellorProfilePage } from '@/features/counsellors/components/counsellor-profile-page.tsx';
import { LandingPage } from '@/features/landing/components/landing-page.tsx';
import { GoogleCallbackPage } from '@/features/auth/components/google-callback-page.tsx';
import { LoginRoute } from '@/features/auth/components/login-route.tsx';
import { ResetPasswordPage } from '@/features/auth/components/reset-password-page.tsx';
import { VerifyResetTokenPage } from '@/features/auth/components/verify-reset-token-page.tsx';
import { MedicalCollegesPage } from '@/features/medical/components/medical-colleges-page.tsx';
import { MethodologyPage } from '@/features/methodology/components/methodology-page.tsx';
import { CollegesPage } from '@/features/engineering/components/colleges-page.tsx';
import { ReviewsPage } from '@/features/reviews/components/reviews-page.tsx';
import { AboutPage } from '@/features/static-pages/components/about-page.tsx';
import { FaqPage } from '@/features/static-pages/components/faq-page.tsx';
import { FeedbackPage } from '@/features/static-pages/components/feedback-page.tsx';
import { HelpCenterPage } from '@/features/static-pages/components/help-center-page.tsx';
import { PrivacyPolicyPage } from '@/features/static-pages/components/privacy-policy-page.tsx';
import { TermsPage } from '@/features/static-pages/components/terms-page.tsx';
import { UpcomingFeaturesPage } from '@/features/static-pages/components/upcoming-features-page.tsx';
import { ErrorFallback } from './error-fallback.tsx';
import { Layout } from './layout.tsx';
import { NotFoundPage } from './not-found.tsx';
import { ProtectedRoute } from './protected-route.tsx';
import { StartPage } from './start-page.tsx';

/** Spec §2 route table. */
export const router = createBrowserRouter([
  {
    element: <Layout />,
    errorElement: <ErrorFallback />,
    children: [
      { path: '/', element: <LandingPage /> },
      { path: 'auth/login', element: <LoginRoute /> },
      { path: 'auth/google/callback', element: <GoogleCallbackPage /> },
      { path: 'auth/verify-reset-token/:token', element: <VerifyResetTokenPage /> },
      { path: 'auth/reset-password', element: <ResetPasswordPage /> },
      { path: 'about', element: <AboutPage /> },
      { path: 'privacy-policy', element: <PrivacyPolicyPage /> },
      { path: 'terms', element: <TermsPage /> },
      { path: 'help-center', element: <HelpCenterPage /> },
      { path: 'contact', element: <ContactPage /> },
      { path: 'faq', element: <FaqPage /> },
      { path: 'methodology', element: <MethodologyPage /> },
      { path: 'feedback', element: <FeedbackPage /> },
      { path: 'upcoming-features', element: <UpcomingFeaturesPage /> },
      { path: 'start', element: <StartPage /> },
      // Visitors get the limited view of the results pages (DECISIONS.md), so no guard here.
      { path: 'colleges', element: <CollegesPage /> },
      { path: 'medical-colleges', element: <MedicalCollegesPage /> },
      // Loaded when first visited: their code (the history chart included) is not in the landing page's bundle.
      {
        path: 'compare',
        lazy: async () => {
          const { ComparePage } = await import('@/features/compare/components/compare-page.tsx');
          return {
            element: (
              <ProtectedRoute>
                <ComparePage />
              </ProtectedRoute>
            ),
          };
        },
      },
      {
        path: 'about-college',
        lazy: async () => {
          const { AboutCollegePage } = await import('@/features/colleges/components/about-college-page.tsx');
          return {
            element: (
              <ProtectedRoute>
                <AboutCollegePage />
              </ProtectedRoute>
            ),
          };
        },
      },
      {
        path: 'connect-students',
        element: (
          <ProtectedRoute>
            <ConnectStudentsPage />
          </ProtectedRoute>
        ),
      },
      {
        path: 'counsellor',
        element: (
          <ProtectedRoute>
            <CounsellorProfilePage />
          </ProtectedRoute>
        ),
      },
      {
        path: 'admin/counsellors',
        element: (
          <ProtectedRoute>
            <AdminApplicationsPage />
          </ProtectedRoute>
        ),
      },
      {
        path: 'admin/disputes',
        element: (
          <ProtectedRoute>
            <AdminDisputesPage />
          </ProtectedRoute>
        ),
      },
      {
        path: 'sessions',
        element: (
          <ProtectedRoute>
            <MySessionsPage />
          </ProtectedRoute>
        ),
      },
      {
        path: 'reviews',
        element: (
          <ProtectedRoute showSignedOut>
            <ReviewsPage />
          </ProtectedRoute>
        ),
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
]);

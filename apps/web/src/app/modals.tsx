import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { modalNames, useModal, type ModalName } from '@/lib/stores/modals.ts';
import type { ModalProps } from '@/components/ui/modal.tsx';

/** Each modal is its own chunk, loaded when first opened (or when `preloadModal` is called on intent). */
const loaders: Record<ModalName, () => Promise<ComponentType<ModalProps>>> = {
  login: () => import('@/features/auth/components/login-modal.tsx').then((m) => m.LoginModal),
  register: () => import('@/features/auth/components/register-modal.tsx').then((m) => m.RegisterModal),
  forgotPassword: () => import('@/features/auth/components/forgot-password-modal.tsx').then((m) => m.ForgotPasswordModal),
  start: () => import('@/features/landing/components/start-modal.tsx').then((m) => m.StartModal),
  verificationOtp: () => import('@/features/auth/components/verification-otp-modal.tsx').then((m) => m.VerificationOtpModal),
  collegesAlert: () => import('@/features/engineering/components/colleges-alert-modal.tsx').then((m) => m.CollegesAlertModal),
  connectWithStudents: () => import('@/features/bookings/components/connect-with-students-modal.tsx').then((m) => m.ConnectWithStudentsModal),
};

const registry = Object.fromEntries(modalNames.map((name) => [name, lazy(async () => ({ default: await loaders[name]() }))])) as Record<
  ModalName,
  LazyExoticComponent<ComponentType<ModalProps>>
>;

/** The spec's modal registry: renders whichever modal is open; each body belongs to its feature. */
export function Modals() {
  const { name, props, close } = useModal();
  if (!name) return null;
  const Body = registry[name];
  return (
    <Suspense fallback={null}>
      <Body onClose={close} props={props} />
    </Suspense>
  );
}

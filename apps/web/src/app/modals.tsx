import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { modalNames, useModal, type ModalName, type ModalPropsMap, type OpenModal } from '@/lib/stores/modals.ts';
import type { ModalProps } from '@/components/ui/modal.tsx';

type Body<N extends ModalName> = ComponentType<ModalProps<ModalPropsMap[N]>>;

/** Each modal is its own chunk, loaded when first opened. */
const loaders: { [N in ModalName]: () => Promise<Body<N>> } = {
  login: () => import('@/features/auth/components/login-modal.tsx').then((m) => m.LoginModal),
  register: () => import('@/features/auth/components/register-modal.tsx').then((m) => m.RegisterModal),
  forgotPassword: () => import('@/features/auth/components/forgot-password-modal.tsx').then((m) => m.ForgotPasswordModal),
  start: () => import('@/features/landing/components/start-modal.tsx').then((m) => m.StartModal),
  verificationOtp: () => import('@/features/auth/components/verification-otp-modal.tsx').then((m) => m.VerificationOtpModal),
  collegesAlert: () => import('@/features/engineering/components/colleges-alert-modal.tsx').then((m) => m.CollegesAlertModal),
  connectWithStudents: () => import('@/features/bookings/components/connect-with-students-modal.tsx').then((m) => m.ConnectWithStudentsModal),
};

const registry = Object.fromEntries(modalNames.map((name) => [name, lazy(async () => ({ default: await loaders[name]() }))])) as {
  [N in ModalName]: LazyExoticComponent<Body<N>>;
};

/** The spec's modal registry: renders whichever modal is open; each body belongs to its feature. */
export function Modals() {
  const { current, close } = useModal();
  return current ? <ModalBody modal={current} onClose={close} /> : null;
}

function ModalBody<M extends OpenModal>({ modal, onClose }: { modal: M; onClose(): void }) {
  // `current` pairs each name with its own props (OpenModal), so this lookup matches them.
  const Body = registry[modal.name] as unknown as ComponentType<ModalProps<M['props']>>;
  return (
    <Suspense fallback={null}>
      <Body onClose={onClose} props={modal.props} />
    </Suspense>
  );
}

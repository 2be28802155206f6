import { ForgotPasswordModal } from '@/features/auth/components/forgot-password-modal.tsx';
import { LoginModal } from '@/features/auth/components/login-modal.tsx';
import { RegisterModal } from '@/features/auth/components/register-modal.tsx';
import { VerificationOtpModal } from '@/features/auth/components/verification-otp-modal.tsx';
import { ConnectWithStudentsModal } from '@/features/bookings/components/connect-with-students-modal.tsx';
import { StartModal } from '@/features/landing/components/start-modal.tsx';
import { CollegesAlertModal } from '@/features/engineering/components/colleges-alert-modal.tsx';
import { useModal, type ModalName } from '@/lib/stores/modals.ts';
import type { ModalProps } from '@/components/ui/modal.tsx';

const registry: Record<ModalName, (p: ModalProps) => React.ReactNode> = {
  login: LoginModal,
  register: RegisterModal,
  forgotPassword: ForgotPasswordModal,
  start: StartModal,
  verificationOtp: VerificationOtpModal,
  collegesAlert: CollegesAlertModal,
  connectWithStudents: ConnectWithStudentsModal,
};

/** The spec's modal registry: renders whichever modal is open; each body belongs to its feature. */
export function Modals() {
  const { name, props, close } = useModal();
  if (!name) return null;
  const Body = registry[name];
  return <Body onClose={close} props={props} />;
}

import { ForgotPasswordModal } from '@/features/auth/components/forgot-password-modal.tsx';
import { LoginModal } from '@/features/auth/components/login-modal.tsx';
import { RegisterModal } from '@/features/auth/components/register-modal.tsx';
import { VerificationOtpModal } from '@/features/auth/components/verification-otp-modal.tsx';
import { ConnectWithStudentsModal } from '@/features/bookings/components/connect-with-students-modal.tsx';
import { StartModal } from '@/features/landing/components/start-modal.tsx';
import { CollegesAlertModal } from '@/features/engineering/components/colleges-alert-modal.tsx';
import { useModal, type ModalPropsMap, type OpenModal } from '@/lib/stores/modals.ts';
import type { ModalProps } from '@/components/ui/modal.tsx';

const registry: { [N in keyof ModalPropsMap]: (p: ModalProps<ModalPropsMap[N]>) => React.ReactNode } = {
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
  const { current, close } = useModal();
  return current ? <ModalBody modal={current} onClose={close} /> : null;
}

function ModalBody<M extends OpenModal>({ modal, onClose }: { modal: M; onClose(): void }) {
  // `current` pairs each name with its own props (OpenModal), so this lookup matches them.
  const Body = registry[modal.name] as (p: ModalProps<M['props']>) => React.ReactNode;
  return <Body onClose={onClose} props={modal.props} />;
}

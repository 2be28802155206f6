import { Modal } from '@/components/ui/modal.tsx';
import { useModal, type ModalName } from '@/lib/stores/modals.ts';

const titles: Record<ModalName, string> = {
  login: 'Login',
  register: 'Signup',
  forgotPassword: 'Forgot password',
  start: 'Get started',
  verificationOtp: 'Verify your e-mail',
  collegesAlert: 'Compare colleges',
  connectWithStudents: 'Connect With Student',
};

/** Renders whichever registered modal is open. Features replace these bodies with their own. */
export function Modals() {
  const { name, close } = useModal();
  if (!name) return null;
  return (
    <Modal open onOpenChange={(o) => !o && close()} title={titles[name]}>
      <p className="text-slate-600">Coming soon.</p>
    </Modal>
  );
}

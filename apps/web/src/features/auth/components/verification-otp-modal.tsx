import { Modal, type ModalProps } from '@/components/ui/modal.tsx';

// Placeholder body until its feature lands.
export function VerificationOtpModal({ onClose }: ModalProps) {
  return (
    <Modal open onOpenChange={(o) => !o && onClose()} title="Verify your e-mail">
      <p className="text-slate-600">Coming soon.</p>
    </Modal>
  );
}

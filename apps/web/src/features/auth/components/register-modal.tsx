import { Modal, type ModalProps } from '@/components/ui/modal.tsx';

// Placeholder body until its feature lands.
export function RegisterModal({ onClose }: ModalProps) {
  return (
    <Modal open onOpenChange={(o) => !o && onClose()} title="Signup">
      <p className="text-slate-600">Coming soon.</p>
    </Modal>
  );
}

import { Modal, type ModalProps } from '@/components/ui/modal.tsx';

// Placeholder body until its feature lands.
export function StartModal({ onClose }: ModalProps) {
  return (
    <Modal open onOpenChange={(o) => !o && onClose()} title="Get started">
      <p className="text-slate-600">Coming soon.</p>
    </Modal>
  );
}

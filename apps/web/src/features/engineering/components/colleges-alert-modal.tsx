import { Modal, type ModalProps } from '@/components/ui/modal.tsx';

/** Spec §4 Compare: shown when a fourth college would be added. */
export function CollegesAlertModal({ onClose }: ModalProps) {
  return (
    <Modal open onOpenChange={(o) => !o && onClose()} title="Compare colleges" size="sm">
      <p className="text-slate-800">You can only compare up to 3 colleges.</p>
      <button type="button" onClick={onClose} className="mt-5 rounded-lg bg-brand-700 px-4 py-2 font-medium text-white">
        OK
      </button>
    </Modal>
  );
}

import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Modal, type ModalProps } from '@/components/ui/modal.tsx';

/** The start dialog: students go to the predictor, current students apply as counsellors; the Influencer entry point comes later (spec §1). */
export function StartModal({ onClose }: ModalProps) {
  const navigate = useNavigate();
  const choices = [
    { label: 'Student', text: 'Find the colleges your rank can reach', onClick: () => (onClose(), navigate('/start')) },
    { label: 'Influencer', text: 'Partner with us', onClick: () => toast.info('Coming soon') },
    { label: 'Counsellor', text: 'Guide students from your college', onClick: () => (onClose(), navigate('/counsellor')) },
  ];
  return (
    <Modal open onOpenChange={(o) => !o && onClose()} title="Get started" description="Who are you?">
      <div className="grid gap-3">
        {choices.map((c) => (
          <button
            key={c.label}
            type="button"
            onClick={c.onClick}
            className="rounded-xl border border-slate-200 p-4 text-left transition hover:border-brand-600 hover:bg-brand-50"
          >
            <span className="block font-semibold text-slate-900">{c.label}</span>
            <span className="block text-sm text-slate-700">{c.text}</span>
          </button>
        ))}
      </div>
    </Modal>
  );
}

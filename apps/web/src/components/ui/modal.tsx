import * as Dialog from '@radix-ui/react-dialog';
import { useState, type ReactNode } from 'react';
import { useModal } from '@/lib/stores/modals.ts';

/**
 * The control to give focus back to when a dialog closes. Radix returns focus only to its own
 * Dialog.Trigger, and these dialogs are opened from anywhere through the modal registry, so the
 * registry remembers the control that opened the first dialog of a chain.
 */
function openerOf(): HTMLElement | null {
  const registry = useModal.getState();
  if (registry.current) return registry.opener;
  const el = document.activeElement;
  return el instanceof HTMLElement ? el : null;
}

/** An accessible dialog (focus trap, Escape, labelled title; focus goes back to what opened it). */
export function Modal({
  open,
  onOpenChange,
  title,
  description,
  children,
  size = 'md',
  handOver = false,
}: {
  open: boolean;
  onOpenChange(open: boolean): void;
  title: string;
  description?: string;
  children: ReactNode;
  size?: 'sm' | 'md' | 'lg';
  /**
   * While true the dialog stays open but hands the page to another layer (a payment provider's
   * checkout on top): no focus trap, no closing by Escape or by a click outside.
   */
  handOver?: boolean;
}) {
  const width = size === 'sm' ? 'max-w-sm' : size === 'lg' ? 'max-w-3xl' : 'max-w-md';
  const keepOpen = (e: Event) => handOver && e.preventDefault();
  const [opener] = useState(openerOf);
  const returnFocus = (e: Event) => {
    e.preventDefault();
    // Not while one dialog hands over to the next (login → signup): only when the last one closes.
    if (useModal.getState().current === null && opener?.isConnected) opener.focus();
  };
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange} modal={!handOver}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-900/50" />
        <Dialog.Content
          className={`fixed left-1/2 top-1/2 z-50 max-h-[90vh] w-[calc(100%-2rem)] ${width} -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl bg-white p-6 shadow-xl focus:outline-none`}
          aria-describedby={description ? undefined : undefined}
          onEscapeKeyDown={keepOpen}
          onCloseAutoFocus={returnFocus}
          onInteractOutside={keepOpen}
        >
          <Dialog.Title className="text-xl font-semibold text-slate-900">{title}</Dialog.Title>
          {description ? <Dialog.Description className="mt-1 text-sm text-slate-600">{description}</Dialog.Description> : null}
          <div className="mt-4">{children}</div>
          <Dialog.Close className="absolute right-4 top-4 rounded-md p-1 text-slate-500 hover:bg-slate-100 hover:text-slate-900" aria-label="Close">
            <span aria-hidden="true">✕</span>
          </Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** What the modal registry passes to every registered modal. */
/** What the modal registry gives each modal body: how to close, and the props it was opened with. */
export type ModalProps<P = Record<never, never>> = { onClose(): void; props: P };

import * as Dialog from '@radix-ui/react-dialog';
import clsx from 'clsx';
import { NavLink } from 'react-router';
import { AccountButtons } from '@/features/auth/components/account-buttons.tsx';

type LinkClass = (state: { isActive: boolean }) => string;

/** The mobile slide-in menu (spec §2 Layout), opened by the navigation's menu button. */
export function MobileMenu({ onClose, links, linkClass }: { onClose(): void; links: { to: string; label: string }[]; linkClass: LinkClass }) {
  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-900/40 md:hidden" />
        <Dialog.Content
          className="fixed inset-y-0 right-0 z-50 flex w-72 max-w-[85vw] flex-col gap-2 bg-white p-5 shadow-xl md:hidden"
          aria-describedby={undefined}
        >
          <div className="flex items-center justify-between">
            <Dialog.Title className="text-lg font-semibold">Menu</Dialog.Title>
            <Dialog.Close className="rounded-md p-2 hover:bg-slate-100" aria-label="Close menu">
              <span aria-hidden="true">✕</span>
            </Dialog.Close>
          </div>
          <nav aria-label="Mobile" className="mt-2 flex flex-col">
            {links.map((l) => (
              <NavLink key={l.to} to={l.to} end className={linkClass}>
                {l.label}
              </NavLink>
            ))}
            <NavLink to="/upcoming-features" className={(s) => clsx(linkClass(s), 'animate-blink')}>
              Upcoming-Features
            </NavLink>
          </nav>
          <div className="mt-4 border-t border-slate-200 pt-4">
            <AccountButtons variant="mobile" />
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

import { lazy, Suspense, useEffect } from 'react';
import { useLocation } from 'react-router';
import { create } from 'zustand';
import { prerenderedPaths } from './prerendered-paths.ts';

const Toaster = lazy(() => import('sonner').then((m) => ({ default: m.Toaster })));

const useToasterWanted = create<{ wanted: boolean }>(() => ({ wanted: false }));

/** Mounts the toaster now (something must be said without the student doing anything). */
export function requestToaster(): void {
  useToasterWanted.setState({ wanted: true });
}

/**
 * The toasts' code (sonner) is its own chunk, kept off the first load of the light pages (landing,
 * static pages, /start): there the toaster mounts at the student's first interaction or navigation,
 * or when asked (requestToaster). sonner replays toasts raised before its toaster mounted, so none
 * is lost. Every other page mounts it at once.
 */
export function DeferredToaster() {
  const { pathname } = useLocation();
  const wanted = useToasterWanted((s) => s.wanted);
  const show = wanted || !(prerenderedPaths as readonly string[]).includes(pathname);
  useEffect(() => {
    // Once mounted, it stays (back on a light page too).
    if (show && !wanted) requestToaster();
    if (show) return;
    const events = ['pointerdown', 'keydown', 'focusin'] as const;
    for (const e of events) window.addEventListener(e, requestToaster, { capture: true, once: true, passive: true });
    return () => {
      for (const e of events) window.removeEventListener(e, requestToaster, { capture: true });
    };
  }, [show, wanted]);
  if (!show) return null;
  return (
    <Suspense fallback={null}>
      {/* Below the navigation bar (h-16), so its links and buttons stay clickable while a toast shows. */}
      <Toaster position="top-center" offset={{ top: 76 }} mobileOffset={{ top: 72 }} richColors closeButton />
    </Suspense>
  );
}

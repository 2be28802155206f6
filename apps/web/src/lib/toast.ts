import type { ExternalToast } from 'sonner';

/**
 * A toast raised without sonner in the caller's chunk: sonner (9 KB gzip) loads with the toaster
 * (app/toaster.tsx), not before the page that may raise one, so it stays off the results pages'
 * way to their first answer. sonner replays toasts raised before its toaster mounted.
 */
export function showToast(kind: 'success' | 'error', message: string, options?: ExternalToast): void {
  void import('sonner').then(({ toast }) => toast[kind](message, options));
}

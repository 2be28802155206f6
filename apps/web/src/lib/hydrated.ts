import { useSyncExternalStore } from 'react';

const noSubscription = () => () => {};

/**
 * False while React hydrates a prerendered page (built as a visitor with no query sees it), true
 * once the app runs in the browser: a component whose first render must match the prerendered
 * HTML shows what only the browser knows (the URL's query, the session) after this turns true.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}

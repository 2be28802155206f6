import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useModal } from './stores/modals.ts';
import { useSession, whenSessionKnown } from './stores/session.ts';

/**
 * Nothing a student typed is lost: a preference form is kept for this tab (sessionStorage) when
 * submitted, so a fresh start page offers the last search again (saying so, with a way to clear it).
 */
export type PendingForm<T> = { read(): T | undefined; clear(): void; save(values: T): void };

export function pendingForm<T>(name: string): PendingForm<T> {
  const key = `rankwise.pending${name}Form`;
  return {
    read(): T | undefined {
      try {
        const raw = sessionStorage.getItem(key);
        return raw ? (JSON.parse(raw) as T) : undefined;
      } catch {
        return undefined;
      }
    },
    clear(): void {
      try {
        sessionStorage.removeItem(key);
      } catch {
        /* nothing kept */
      }
    },
    save(values: T): void {
      try {
        sessionStorage.setItem(key, JSON.stringify(values));
      } catch {
        /* storage full or disabled: the form still submits */
      }
    },
  };
}

/**
 * The values a preference form starts with: the set being edited (the results page's Edit link),
 * else this tab's last search, offered with a way to clear it. Render the fields with `key`, so
 * clearing gives a new form with every field back to its default.
 */
export function useStartingValues<T>(store: PendingForm<T>, editing: () => T | undefined) {
  const [initial] = useState(editing);
  const [last, setLast] = useState(() => (initial ? undefined : store.read()));
  return {
    values: initial ?? last,
    showsLast: last !== undefined,
    key: last ? 'last' : 'fresh',
    clear() {
      store.clear();
      setLast(undefined);
    },
  };
}

/** Opens a results URL; a visitor is asked to sign in first, then carried on to it (spec §4). */
export function useOpenResults(): (url: string) => void {
  const navigate = useNavigate();
  const openModal = useModal((s) => s.open);
  return (url) =>
    whenSessionKnown(() => {
      if (useSession.getState().accessToken) void navigate(url);
      else openModal('login', {}, { next: url });
    });
}

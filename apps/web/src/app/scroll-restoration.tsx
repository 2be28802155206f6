import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router';

const STORAGE_KEY = 'rankwise.scroll';

function readSaved(): Record<string, number> {
  try {
    return JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '{}') as Record<string, number>;
  } catch {
    return {};
  }
}

/** Where each history entry of this tab was scrolled to, by location key (kept across reloads). */
const positions: Record<string, number> = typeof window === 'undefined' ? {} : readSaved();

/** Scrolls to `y` once the page is tall enough (a list may still be laying out), for up to a second. */
function scrollWhenReachable(y: number): () => void {
  let frame = 0;
  const until = performance.now() + 1000;
  const attempt = () => {
    window.scrollTo(0, y);
    if (Math.abs(window.scrollY - y) > 1 && performance.now() < until) frame = requestAnimationFrame(attempt);
  };
  attempt();
  return () => cancelAnimationFrame(frame);
}

/**
 * Back and Forward return to where a page was left (a results list with its loaded pages, which
 * come from the query cache); a new page opens at its top; a change of the query alone (sort,
 * search: a replace) keeps the place. Works with React Router's declarative mode, which has no
 * ScrollRestoration of its own.
 */
export function ScrollRestoration() {
  const { key, pathname, hash } = useLocation();
  const navigationType = useNavigationType();
  const current = useRef(key);
  const lastPath = useRef(pathname);

  useEffect(() => {
    window.history.scrollRestoration = 'manual';
    // Saved as the page scrolls: no hook runs before a navigation leaves it.
    const save = () => {
      positions[current.current] = window.scrollY;
    };
    const persist = () => {
      try {
        sessionStorage.setItem(STORAGE_KEY, JSON.stringify(positions));
      } catch {
        /* storage full or off: positions still work within this document */
      }
    };
    window.addEventListener('scroll', save, { passive: true });
    window.addEventListener('pagehide', persist);
    return () => {
      window.removeEventListener('scroll', save);
      window.removeEventListener('pagehide', persist);
    };
  }, []);

  useLayoutEffect(() => {
    const samePage = lastPath.current === pathname;
    current.current = key;
    lastPath.current = pathname;
    if (navigationType === 'POP') {
      const saved = positions[key];
      return saved === undefined ? undefined : scrollWhenReachable(saved);
    }
    if (hash) return;
    if (navigationType === 'PUSH' || !samePage) window.scrollTo(0, 0);
  }, [key, pathname, hash, navigationType]);

  return null;
}

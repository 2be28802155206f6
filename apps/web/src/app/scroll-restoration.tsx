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

/** What the student does to scroll on their own: a restore still waiting for its place gives way. */
const OWN_SCROLL = ['wheel', 'touchstart', 'pointerdown', 'keydown'] as const;

/**
 * Scrolls to `y` at once (the page's smooth scrolling is for the student's own moves, and an
 * animation that load stretches ends wherever the page's height stopped it), and again each time
 * the page's height changes: a list may still be laying out, for as long as a slow phone takes, and
 * cards drawn near the place (sized until then by an estimate) would otherwise move it. Gives way
 * when the student scrolls, or the page is left (the returned stop).
 */
function scrollWhenReachable(y: number): () => void {
  const attempt = () => window.scrollTo({ top: y, behavior: 'instant' });
  const growth = new ResizeObserver(attempt);
  const stop = () => {
    growth.disconnect();
    for (const e of OWN_SCROLL) window.removeEventListener(e, stop, { capture: true });
  };
  for (const e of OWN_SCROLL) window.addEventListener(e, stop, { capture: true, passive: true });
  growth.observe(document.documentElement);
  attempt();
  return stop;
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
    if (navigationType === 'PUSH' || !samePage) window.scrollTo({ top: 0, behavior: 'instant' });
  }, [key, pathname, hash, navigationType]);

  return null;
}

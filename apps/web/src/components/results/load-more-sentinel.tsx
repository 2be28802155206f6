import { useEffect, useEffectEvent, useRef } from 'react';

export const SCROLL_DEBOUNCE_MS = 500;

/** Calls `onVisible` when the end of the list scrolls into view, at most once per 500 ms (spec §9). */
export function LoadMoreSentinel({ onVisible, active }: { onVisible(): void; active: boolean }) {
  const ref = useRef<HTMLDivElement>(null);
  // The observer lives as long as `active`; it calls whatever `onVisible` the latest render passed.
  const visible = useEffectEvent(onVisible);
  useEffect(() => {
    if (!active || !ref.current) return;
    let timer: number | undefined;
    const observer = new IntersectionObserver((entries) => {
      if (!entries.some((e) => e.isIntersecting)) return;
      window.clearTimeout(timer);
      timer = window.setTimeout(() => visible(), SCROLL_DEBOUNCE_MS);
    });
    observer.observe(ref.current);
    return () => {
      observer.disconnect();
      window.clearTimeout(timer);
    };
  }, [active]);
  return <div ref={ref} data-testid="results-end" aria-hidden="true" className="h-10" />;
}

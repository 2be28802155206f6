import { startTransition, useEffect, useState, type RefObject } from 'react';
import { ROW_HEIGHT } from './choice-rows.tsx';

/** Lists up to this many choices render every row; longer ones only the rows near the screen. */
export const WINDOW_FROM = 80;
/** Rows rendered above and below the screen. */
const OVERSCAN = 8;
const MIN_ROWS = 24;

/**
 * The rows of a long list to render: those within the window's view of the list, plus OVERSCAN each
 * side (every row has ROW_HEIGHT, so a row's place follows from its position). A move that changes
 * the position of hundreds of rows then renders about twenty (issue 23: 300 choices on a phone).
 * A jump (End, a typed position, a fast scroll) first renders only the rows on the screen, at once,
 * and the overscan after them in a transition (rendered in slices between frames), so that mounting
 * two dozen rows never holds a frame.
 */
export function useRowWindow(ref: RefObject<HTMLElement | null>, count: number): { start: number; end: number } {
  const all = count <= WINDOW_FROM;
  const [range, setRange] = useState({ start: 0, end: MIN_ROWS });
  useEffect(() => {
    if (all) return;
    let frame = 0;
    const update = () => {
      frame = 0;
      const el = ref.current;
      if (!el) return;
      const top = el.getBoundingClientRect().top;
      const visible = {
        start: Math.max(0, Math.min(count, Math.floor(-top / ROW_HEIGHT))),
        end: Math.max(0, Math.min(count, Math.ceil((window.innerHeight - top) / ROW_HEIGHT))),
      };
      const start = Math.max(0, Math.min(count, visible.start - OVERSCAN));
      // At least a screenful and the overscan, also while the list is still below the screen.
      const end = Math.min(count, Math.max(start + MIN_ROWS, visible.end + OVERSCAN));
      // On the screen now: the rows already rendered, with those newly scrolled in (or, after a jump, these alone).
      setRange((r) => {
        if (visible.end <= visible.start || (r.start <= visible.start && r.end >= visible.end)) return r;
        return visible.start < r.end && visible.end > r.start ? { start: Math.min(r.start, visible.start), end: Math.max(r.end, visible.end) } : visible;
      });
      startTransition(() => setRange((r) => (r.start === start && r.end === end ? r : { start, end })));
    };
    const schedule = () => {
      if (!frame) frame = requestAnimationFrame(update);
    };
    update();
    window.addEventListener('scroll', schedule, { passive: true });
    window.addEventListener('resize', schedule);
    return () => {
      window.removeEventListener('scroll', schedule);
      window.removeEventListener('resize', schedule);
      if (frame) cancelAnimationFrame(frame);
    };
  }, [ref, count, all]);
  return all ? { start: 0, end: count } : { start: Math.min(range.start, count), end: Math.min(range.end, count) };
}

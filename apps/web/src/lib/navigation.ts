import { useEffect } from 'react';
import { useLocation, type NavigationType } from 'react-router';

/** The location this document opened on (null until the app has rendered it once). */
let firstKey: string | null = null;
/** Whether the app has been on any other location since the document loaded. */
let moved = false;

/** Mounted once in the layout: remembers where the document opened and whether the app moved on. */
export function useTrackNavigation(): void {
  const { key } = useLocation();
  useEffect(() => {
    if (firstKey === null) firstKey = key;
    else if (key !== firstKey) moved = true;
  }, [key]);
}

function documentLoadType(): string | undefined {
  try {
    return (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined)?.type;
  } catch {
    return undefined;
  }
}

/**
 * True when a page was reached with the browser's Back or Forward button: within the app (a POP to
 * another entry than the one the document opened on), or by a document that the browser itself
 * loaded from history. A reload, a typed URL and a link are not.
 */
export function cameBackByHistory(navigationType: NavigationType, locationKey: string): boolean {
  if (navigationType !== 'POP') return false;
  if (firstKey === null) return documentLoadType() === 'back_forward';
  return moved || locationKey !== firstKey;
}

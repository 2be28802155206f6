import clsx from 'clsx';
import type { ReactNode } from 'react';

/**
 * A table wider than a phone, scrolled sideways in its own box. The box holds no link or button, so
 * it takes focus itself for keyboard users to scroll it (WCAG 2.1.1), and is a region named `label`
 * so a screen reader says what it holds.
 */
export function ScrollRegion({ label, className, children }: { label: string; className?: string; children: ReactNode }) {
  return (
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- the one place a scrolling region takes focus (see above)
    <div className={clsx('overflow-x-auto', className)} tabIndex={0} role="region" aria-label={label}>
      {children}
    </div>
  );
}

import clsx from 'clsx';
import { useEffect, useRef, useState } from 'react';
import banner1 from '../assets/banner-1.svg';
import banner2 from '../assets/banner-2.svg';
import banner3 from '../assets/banner-3.svg';
import banner4 from '../assets/banner-4.svg';
import banner5 from '../assets/banner-5.svg';

/** Spec §9: the banner advances every 10 s; a drag beyond 50 px moves it by hand. */
export const BANNER_INTERVAL_MS = 10_000;
export const DRAG_THRESHOLD_PX = 50;

const slides = [
  { src: banner1, alt: 'Bar chart of closing ranks rising towards a graduation cap', caption: 'Official closing ranks from JoSAA, CSAB and MCC, year by year' },
  { src: banner2, alt: 'A college campus building', caption: 'IITs, NITs, IIITs, GFTIs and medical colleges in one place' },
  { src: banner3, alt: 'A ranked list beside a trophy', caption: 'See the programs your rank can really reach' },
  { src: banner4, alt: 'Two students on a video call', caption: 'Talk to students who study there' },
  { src: banner5, alt: 'A map with location pins joined by a path', caption: 'Plan with your home state and quota in mind' },
];

export function Banner() {
  const [index, setIndex] = useState(0);
  const dragStart = useRef<number | null>(null);
  const go = (delta: number) => setIndex((i) => (i + delta + slides.length) % slides.length);

  // Restart the 10 s timer whenever the slide changes, so a manual move gets a full interval.
  useEffect(() => {
    const timer = window.setTimeout(() => setIndex((i) => (i + 1) % slides.length), BANNER_INTERVAL_MS);
    return () => window.clearTimeout(timer);
  }, [index]);

  return (
    <section aria-roledescription="carousel" aria-label="Highlights" className="relative overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200">
      <div
        className="flex touch-pan-y select-none transition-transform duration-500 ease-out"
        style={{ transform: `translateX(-${index * 100}%)` }}
        onPointerDown={(e) => {
          dragStart.current = e.clientX;
        }}
        onPointerUp={(e) => {
          if (dragStart.current === null) return;
          const dx = e.clientX - dragStart.current;
          dragStart.current = null;
          if (Math.abs(dx) > DRAG_THRESHOLD_PX) go(dx < 0 ? 1 : -1);
        }}
        onPointerCancel={() => {
          dragStart.current = null;
        }}
      >
        {slides.map((s, i) => (
          <figure
            key={s.src}
            className="w-full shrink-0"
            aria-roledescription="slide"
            aria-label={`${i + 1} of ${slides.length}`}
            aria-hidden={i !== index}
            data-active={i === index}
          >
            <img
              src={s.src}
              alt={s.alt}
              width={640}
              height={360}
              draggable={false}
              className="aspect-video w-full object-cover"
              loading={i === 0 ? 'eager' : 'lazy'}
            />
            <figcaption className="px-4 py-3 text-center text-sm font-medium text-slate-700">{s.caption}</figcaption>
          </figure>
        ))}
      </div>
      <div className="flex justify-center gap-1 pb-3">
        {slides.map((s, i) => (
          // A 24 px target around the small dot (WCAG 2.5.8), easy to hit on a phone.
          <button
            key={s.src}
            type="button"
            aria-label={`Show slide ${i + 1}`}
            aria-current={i === index}
            onClick={() => setIndex(i)}
            className="group flex h-6 min-w-6 items-center justify-center rounded-full"
          >
            <span
              aria-hidden="true"
              className={clsx('h-2.5 rounded-full transition-all', i === index ? 'w-6 bg-brand-700' : 'w-2.5 bg-slate-300 group-hover:bg-slate-400')}
            />
          </button>
        ))}
      </div>
    </section>
  );
}

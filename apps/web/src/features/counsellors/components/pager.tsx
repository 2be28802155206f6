import { Button } from '@/components/ui/button.tsx';

/** 'Past sessions: 51-100 of 300' with Previous and Next (nothing when one page holds them all). */
export function Pager({ label, page, total, size, onPage }: { label: string; page: number; total: number; size: number; onPage(n: number): void }) {
  const pages = Math.max(1, Math.ceil(total / size));
  if (total <= size && page === 1) return null;
  const first = Math.min((page - 1) * size + 1, total);
  const last = Math.min(page * size, total);
  return (
    <nav aria-label={`${label} pages`} className="flex flex-wrap items-center gap-3 text-sm text-slate-800">
      <span>
        {label}: {first}-{last} of {total} (page {page} of {pages})
      </span>
      <Button variant="secondary" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        Previous
      </Button>
      <Button variant="secondary" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        Next
      </Button>
    </nav>
  );
}

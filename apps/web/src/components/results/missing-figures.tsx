import { Link } from 'react-router';

/** '<a>, <b> and <c>' */
function listed(names: readonly string[]): string {
  return names.length < 2 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}

/**
 * The figures no public data set has for this college, said once (not a column of 'NA'), with the
 * way to suggest a source.
 */
export function MissingFigures({ names, className }: { names: readonly string[]; className?: string }) {
  if (!names.length) return null;
  return (
    <p className={className ?? 'text-xs text-slate-600'} data-testid="missing-figures">
      No public data set we use has {listed(names)} for this college yet.{' '}
      <Link to="/contact?topic=source" className="underline">
        Suggest a source
      </Link>
    </p>
  );
}

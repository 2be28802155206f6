/** A college's image, or its initials when it has none. */
export function CollegeAvatar({ name, imageUrl }: { name: string; imageUrl: string | null }) {
  if (imageUrl) return <img src={imageUrl} alt="" className="h-12 w-12 shrink-0 rounded-xl object-cover" />;
  const initials = name
    .replace(/[^A-Za-z ]/g, ' ')
    .split(/\s+/)
    .filter((w) => w.length > 2 && /^[A-Z]/.test(w))
    .slice(0, 3)
    .map((w) => w[0])
    .join('');
  return (
    <span aria-hidden="true" className="flex h-12 w-12 shrink-0 items-center justify-center rounded-xl bg-brand-100 text-sm font-bold text-brand-900">
      {initials || name.slice(0, 2).toUpperCase()}
    </span>
  );
}

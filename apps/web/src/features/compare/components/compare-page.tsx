import { PlaceholderPage } from '@/components/ui/placeholder-page.tsx';

export function ComparePage() {
  return <PlaceholderPage title="Compare" />;
}

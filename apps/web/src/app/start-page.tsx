import { PlaceholderPage } from '@/components/ui/placeholder-page.tsx';

export function StartPage() {
  return <PlaceholderPage title="Start" />;
}

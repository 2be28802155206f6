import { PlaceholderPage } from '@/components/ui/placeholder-page.tsx';

export function HelpCenterPage() {
  return <PlaceholderPage title="Help Center" />;
}

import { PlaceholderPage } from '@/components/ui/placeholder-page.tsx';

export function UpcomingFeaturesPage() {
  return <PlaceholderPage title="Upcoming Features" />;
}

import { PlaceholderPage } from '@/components/ui/placeholder-page.tsx';

export function ReviewsPage() {
  return <PlaceholderPage title="Ratings & Reviews" />;
}

import { PlaceholderPage } from '@/components/ui/placeholder-page.tsx';

export function CollegesPage() {
  return <PlaceholderPage title="Shape Your Dreams with Us" />;
}

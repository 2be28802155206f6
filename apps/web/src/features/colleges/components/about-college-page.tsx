import { PlaceholderPage } from '@/components/ui/placeholder-page.tsx';

export function AboutCollegePage() {
  return <PlaceholderPage title="About Our College" />;
}

import { PlaceholderPage } from '@/components/ui/placeholder-page.tsx';

export function LandingPage() {
  return <PlaceholderPage title="Rankwise" />;
}

import { PlaceholderPage } from '@/components/ui/placeholder-page.tsx';

export function MedicalCollegesPage() {
  return <PlaceholderPage title="Your Medical Dream Awaits" />;
}

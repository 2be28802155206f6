import { PlaceholderPage } from '@/components/ui/placeholder-page.tsx';

export function FaqPage() {
  return <PlaceholderPage title="Frequently Asked Questions" />;
}

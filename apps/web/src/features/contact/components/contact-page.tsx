import { PlaceholderPage } from '@/components/ui/placeholder-page.tsx';

export function ContactPage() {
  return <PlaceholderPage title="Contact Us" />;
}

import { PlaceholderPage } from '@/components/ui/placeholder-page.tsx';

export function FeedbackPage() {
  return <PlaceholderPage title="Feedback Form" />;
}

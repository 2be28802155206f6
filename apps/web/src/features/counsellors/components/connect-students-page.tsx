import { PlaceholderPage } from '@/components/ui/placeholder-page.tsx';

export function ConnectStudentsPage() {
  return <PlaceholderPage title="Connect with Students" />;
}

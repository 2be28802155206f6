import { PlaceholderPage } from '@/components/ui/placeholder-page.tsx';

export function VerifyResetTokenPage() {
  return <PlaceholderPage title="Verifying link" />;
}

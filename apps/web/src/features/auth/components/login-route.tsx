import { PlaceholderPage } from '@/components/ui/placeholder-page.tsx';

export function LoginRoute() {
  return <PlaceholderPage title="Login" />;
}

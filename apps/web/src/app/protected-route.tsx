import type { ReactNode } from 'react';

// Placeholder: the accounts issue makes protected routes ask to sign in and come back.
export function ProtectedRoute({ children }: { children: ReactNode }) {
  return <>{children}</>;
}

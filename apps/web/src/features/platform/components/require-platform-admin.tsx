import type { ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { useSession } from '../../auth/session';

/** The platform screens are the platform administrator's alone (the API checks the same); others get /forbidden. */
export function RequirePlatformAdmin({ children }: { children: ReactNode }) {
  const { user } = useSession();
  if (!user?.isPlatformAdmin) return <Navigate to="/forbidden" replace />;
  return <>{children}</>;
}

import { useEffect, type ReactNode } from 'react';
import { Navigate, Outlet, useLocation, useNavigate } from 'react-router-dom';
import { LinearProgress } from '@mui/material';
import type { PermissionCode } from '@pondesk/contracts';
import { useSession } from '../../features/auth/session';

export const Loading = () => <LinearProgress aria-label="Loading" />;

/** Signed-in users only; a guest goes to /login and comes back here after signing in. */
export function RequireAuth() {
  const { status } = useSession();
  const location = useLocation();
  if (status === 'loading') return <Loading />;
  if (status === 'guest') {
    const here = `${location.pathname}${location.search}${location.hash}`;
    return <Navigate to={`/login?redirect=${encodeURIComponent(here)}`} replace />;
  }
  return <Outlet />;
}

/** Sign-in, register and reset pages: a signed-in user goes to where the page sent them, else Profile. */
export function GuestOnly() {
  const { status, next } = useSession();
  const navigate = useNavigate();
  useEffect(() => {
    // `next` is consumed by the shell once it shows, so this runs once per sign-in.
    if (status === 'authenticated') navigate(next ?? '/profile', { replace: true });
  }, [status, next, navigate]);
  if (status === 'guest') return <Outlet />;
  return <Loading />;
}

/** Mirrors the server's check: without an active menu with this code the user goes to /forbidden. */
export function RequireCode({ code, children }: { code: PermissionCode; children: ReactNode }) {
  const { user } = useSession();
  if (!user?.permissions.includes(code)) return <Navigate to="/forbidden" replace />;
  return <>{children}</>;
}

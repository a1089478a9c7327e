import type { ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { useSession } from '../lib/session';
import { paths } from '../lib/paths';

const signedIn = (s: ReturnType<typeof useSession>) => s.user !== null || s.token !== null;

/** /game and /profile: only for a signed-in player; otherwise home. Renders nothing without a user. */
export function RequirePlayer({ children }: { children: ReactNode }) {
  const s = useSession();
  return signedIn(s) ? <>{children}</> : <Navigate to={paths.home} replace />;
}

/** /admin/dashboard: only with an admin token; otherwise the admin login. */
export function RequireAdmin({ children }: { children: ReactNode }) {
  const { adminToken } = useSession();
  return adminToken ? <>{children}</> : <Navigate to={paths.admin} replace />;
}

/** /admin: the login, unless an admin token exists already. */
export function AdminEntry({ children }: { children: ReactNode }) {
  const { adminToken } = useSession();
  return adminToken ? <Navigate to={paths.adminDashboard} replace /> : <>{children}</>;
}

/** Any unknown path: /game when signed in, otherwise home. */
export function CatchAll() {
  const s = useSession();
  return <Navigate to={signedIn(s) ? paths.game : paths.home} replace />;
}

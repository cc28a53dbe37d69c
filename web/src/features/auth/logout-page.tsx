import { webPaths } from '@seller-centre/contract/paths';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { PageSpinner } from '../../shared/components/page-spinner.tsx';
import { SESSION_QUERY_KEY } from '../../shared/current-user.ts';
import { clearSession, getToken } from '../../shared/session.ts';
import { logout } from './api/sign-in.ts';

let pending: Promise<unknown> | undefined;

/** Revokes the token once, however often the page mounts (StrictMode mounts it twice). */
function revokeOnce(): Promise<unknown> {
  if (!getToken()) return Promise.resolve();
  pending ??= logout()
    .catch(() => undefined)
    .finally(() => {
      pending = undefined;
    });
  return pending;
}

/**
 * `/logout` (docs/product.md): revoke the token, forget the user, the cookies and the
 * local values except language and defaultChoose, then go to login.
 */
export function LogoutPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  useEffect(() => {
    let active = true;
    void revokeOnce().then(() => {
      clearSession();
      queryClient.removeQueries({ queryKey: SESSION_QUERY_KEY });
      if (active) void navigate(webPaths.login, { replace: true });
    });
    return () => {
      active = false;
    };
  }, [navigate, queryClient]);
  return <PageSpinner fullPage />;
}

import { webPaths } from '@seller-centre/contract/paths';
import { lazy, Suspense, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { PageSpinner } from '../shared/components/page-spinner.tsx';

// The route table's elements: pages load when first visited.

export const LoginPage = lazy(() => import('../features/auth/login-page.tsx').then((m) => ({ default: m.LoginPage })));
export const RegisterPage = lazy(() =>
  import('../features/auth/register-page.tsx').then((m) => ({ default: m.RegisterPage })),
);
export const ForgetPasswordPage = lazy(() =>
  import('../features/auth/forget-password-page.tsx').then((m) => ({ default: m.ForgetPasswordPage })),
);
export const LogoutPage = lazy(() =>
  import('../features/auth/logout-page.tsx').then((m) => ({ default: m.LogoutPage })),
);
export const NotFoundPage = lazy(() => import('./not-found-page.tsx').then((m) => ({ default: m.NotFoundPage })));
export const PersonalCentreShell = lazy(() =>
  import('./shell/personal-centre-shell.tsx').then((m) => ({ default: m.PersonalCentreShell })),
);

/** `/` goes to login, keeping the query (login reads source, system, referrer, secondary_source). */
export function RedirectToLogin() {
  const { search } = useLocation();
  return <Navigate to={{ pathname: webPaths.login, search }} replace />;
}

export function FullPage({ children }: { children: ReactNode }) {
  return <Suspense fallback={<PageSpinner fullPage />}>{children}</Suspense>;
}

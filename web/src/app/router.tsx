import { webPaths } from '@seller-centre/contract/paths';
import type { QueryClient } from '@tanstack/react-query';
import { lazy, Suspense, type ReactNode } from 'react';
import { createBrowserRouter, Navigate, useLocation } from 'react-router';
import { PageSpinner } from '../shared/components/page-spinner.tsx';
import { NotFoundPage } from './not-found-page.tsx';
import { RouteError } from './route-error.tsx';
import { requireSession } from './session-guard.ts';
import { LoginShell } from './shell/login-shell.tsx';

const LoginPage = lazy(() => import('../features/auth/login-page.tsx').then((m) => ({ default: m.LoginPage })));
const RegisterPage = lazy(() =>
  import('../features/auth/register-page.tsx').then((m) => ({ default: m.RegisterPage })),
);
const ForgetPasswordPage = lazy(() =>
  import('../features/auth/forget-password-page.tsx').then((m) => ({ default: m.ForgetPasswordPage })),
);
const LogoutPage = lazy(() => import('../features/auth/logout-page.tsx').then((m) => ({ default: m.LogoutPage })));
const PersonalCentreShell = lazy(() =>
  import('./shell/personal-centre-shell.tsx').then((m) => ({ default: m.PersonalCentreShell })),
);

/** `/` goes to login, keeping the query (login reads source, system, referrer, secondary_source). */
function RedirectToLogin() {
  const { search } = useLocation();
  return <Navigate to={{ pathname: webPaths.login, search }} replace />;
}

function FullPage({ children }: { children: ReactNode }) {
  return <Suspense fallback={<PageSpinner fullPage />}>{children}</Suspense>;
}

/** Spec 01 section 2: history mode, base `/`. */
export function createAppRouter(queryClient: QueryClient) {
  return createBrowserRouter([
    {
      errorElement: <RouteError />,
      hydrateFallbackElement: <PageSpinner fullPage />,
      children: [
        { path: webPaths.root, element: <RedirectToLogin /> },
        {
          element: <LoginShell />,
          children: [
            { path: webPaths.login, element: <LoginPage /> },
            { path: webPaths.register, element: <RegisterPage /> },
            { path: webPaths.forgetPassword, element: <ForgetPasswordPage /> },
          ],
        },
        {
          path: webPaths.logout,
          element: (
            <FullPage>
              <LogoutPage />
            </FullPage>
          ),
        },
        {
          path: webPaths.home,
          loader: requireSession(queryClient),
          element: (
            <FullPage>
              <PersonalCentreShell />
            </FullPage>
          ),
        },
        { path: '*', element: <NotFoundPage /> },
      ],
    },
  ]);
}

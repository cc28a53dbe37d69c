import { webPaths } from '@seller-centre/contract/paths';
import type { QueryClient } from '@tanstack/react-query';
import { createBrowserRouter } from 'react-router';
import { PageSpinner } from '../shared/components/page-spinner.tsx';
import { RouteError } from './route-error.tsx';
import {
  ForgetPasswordPage,
  FullPage,
  LoginPage,
  LogoutPage,
  NotFoundPage,
  PersonalCentreShell,
  RedirectToLogin,
  RegisterPage,
} from './route-elements.tsx';
import { requireSession } from './session-guard.ts';
import { LoginShell } from './shell/login-shell.tsx';

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
        {
          path: '*',
          element: (
            <FullPage>
              <NotFoundPage />
            </FullPage>
          ),
        },
      ],
    },
  ]);
}

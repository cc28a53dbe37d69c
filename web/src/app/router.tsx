import { opsWebPaths } from '@seller-centre/contract/ops';
import { webPaths } from '@seller-centre/contract/paths';
import type { QueryClient } from '@tanstack/react-query';
import { createBrowserRouter, type LoaderFunction, type RouteObject } from 'react-router';
import { PageSpinner } from '../shared/components/page-spinner.tsx';
import { RouteError } from './route-error.tsx';
import {
  ForgetPasswordPage,
  FullPage,
  LoginPage,
  LogoutPage,
  NotFoundPage,
  OpsApp,
  PersonalCentreShell,
  RedirectToLogin,
  RegisterPage,
} from './route-elements.tsx';
import { RouteTitle } from './route-title.tsx';
import type { RouteHandle } from './route-titles.ts';
import { requireSession } from './session-guard.ts';
import { LoginShell } from './shell/login-shell.tsx';

const titled = (title: RouteHandle['title']): RouteHandle => ({ title });

/** docs/product.md: history mode, base `/`; each route's page title in its `handle`. */
export function createAppRouter(queryClient: QueryClient) {
  return createBrowserRouter(appRoutes(requireSession(queryClient)));
}

/**
 * The route table. `guard` admits a visitor to the protected routes: in the browser the session
 * guard; on the server, which renders only for a session it has checked, nothing more.
 */
export function appRoutes(guard: LoaderFunction): RouteObject[] {
  return [
    {
      element: <RouteTitle />,
      errorElement: <RouteError />,
      hydrateFallbackElement: <PageSpinner fullPage />,
      children: [
        { path: webPaths.root, element: <RedirectToLogin /> },
        {
          element: <LoginShell />,
          children: [
            { path: webPaths.login, element: <LoginPage />, handle: titled('common.titles.login') },
            { path: webPaths.register, element: <RegisterPage />, handle: titled('common.titles.register') },
            {
              path: webPaths.forgetPassword,
              element: <ForgetPasswordPage />,
              handle: titled('common.titles.forgetPassword'),
            },
          ],
        },
        {
          path: webPaths.logout,
          handle: titled('common.titles.logout'),
          element: (
            <FullPage>
              <LogoutPage />
            </FullPage>
          ),
        },
        {
          path: webPaths.home,
          loader: guard,
          handle: titled('module'),
          element: (
            <FullPage>
              <PersonalCentreShell />
            </FullPage>
          ),
        },
        {
          // The operator console: its own sign-in and session, loaded only when opened.
          path: `${opsWebPaths.root}/*`,
          handle: titled('ops.title'),
          element: (
            <FullPage>
              <OpsApp />
            </FullPage>
          ),
        },
        {
          path: '*',
          handle: titled('common.titles.notFound'),
          element: (
            <FullPage>
              <NotFoundPage />
            </FullPage>
          ),
        },
      ],
    },
  ];
}

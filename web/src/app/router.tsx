import { webPaths } from '@seller-centre/contract/paths';
import { lazy, Suspense } from 'react';
import { createBrowserRouter, Navigate, useLocation } from 'react-router';
import { PageSpinner } from '../shared/components/page-spinner.tsx';
import { NotFoundPage } from './not-found-page.tsx';
import { RouteError } from './route-error.tsx';
import { LoginShell } from './shell/login-shell.tsx';

const LoginPage = lazy(() =>
  import('../features/auth/login-page.tsx').then((m) => ({ default: m.LoginPage })),
);
const PersonalCentreShell = lazy(() =>
  import('./shell/personal-centre-shell.tsx').then((m) => ({ default: m.PersonalCentreShell })),
);

/** `/` goes to login, keeping the query (login reads source, system, referrer, secondary_source). */
function RedirectToLogin() {
  const { search } = useLocation();
  return <Navigate to={{ pathname: webPaths.login, search }} replace />;
}

/** Spec 01 section 2: history mode, base `/`. */
export function createAppRouter() {
  return createBrowserRouter([
    {
      errorElement: <RouteError />,
      children: [
        { path: webPaths.root, element: <RedirectToLogin /> },
        {
          element: <LoginShell />,
          children: [{ path: webPaths.login, element: <LoginPage /> }],
        },
        {
          path: webPaths.home,
          element: (
            <Suspense fallback={<PageSpinner />}>
              <PersonalCentreShell />
            </Suspense>
          ),
        },
        { path: '*', element: <NotFoundPage /> },
      ],
    },
  ]);
}

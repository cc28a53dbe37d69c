import { webPaths } from '@seller-centre/contract/paths';
import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { PageSpinner } from '../shared/components/page-spinner.tsx';
import { loadAntdTheme, loadLoginPage, loadPersonalCentreShell } from './route-loaders.ts';

// The route table's elements: pages load when first visited (route-loaders.ts).

/**
 * A page drawn with antd, inside antd's theme: both load together, when the page is first
 * visited (the signed-out pages load neither).
 */
function withAntd(load: () => Promise<[{ AntdTheme: ComponentType<{ children: ReactNode }> }, ComponentType]>) {
  return load().then(([{ AntdTheme }, Page]) => ({
    default: () => (
      <AntdTheme>
        <Page />
      </AntdTheme>
    ),
  }));
}

export const LoginPage = lazy(() => loadLoginPage().then((m) => ({ default: m.LoginPage })));
export const RegisterPage = lazy(() =>
  import('../features/auth/register-page.tsx').then((m) => ({ default: m.RegisterPage })),
);
export const ForgetPasswordPage = lazy(() =>
  import('../features/auth/forget-password-page.tsx').then((m) => ({ default: m.ForgetPasswordPage })),
);
export const LogoutPage = lazy(() =>
  import('../features/auth/logout-page.tsx').then((m) => ({ default: m.LogoutPage })),
);
export const NotFoundPage = lazy(() =>
  withAntd(() => Promise.all([loadAntdTheme(), import('./not-found-page.tsx').then((m) => m.NotFoundPage)])),
);
/** The console with every feature's console pages (ops-routes.ts), all loaded when /ops is first opened. */
export const OpsApp = lazy(() =>
  withAntd(() =>
    Promise.all([
      loadAntdTheme(),
      Promise.all([import('../features/ops/ops-app.tsx'), import('./ops-routes.ts')]).then(
        ([{ OpsApp: App }, { OPS_ROUTES }]) =>
          function OpsAppPages() {
            return <App pages={OPS_ROUTES} />;
          },
      ),
    ]),
  ),
);
export const PersonalCentreShell = lazy(() =>
  withAntd(() => loadPersonalCentreShell().then(([theme, m]) => [theme, m.PersonalCentreShell])),
);

/** `/` goes to login, keeping the query (login reads source, system, referrer, secondary_source). */
export function RedirectToLogin() {
  const { search } = useLocation();
  return <Navigate to={{ pathname: webPaths.login, search }} replace />;
}

export function FullPage({ children }: { children: ReactNode }) {
  return <Suspense fallback={<PageSpinner fullPage />}>{children}</Suspense>;
}

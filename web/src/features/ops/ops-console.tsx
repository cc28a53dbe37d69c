import { opsWebPaths } from '@seller-centre/contract/ops';
import { Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { Navigate, Route, Routes } from 'react-router';
import { OPS_ROUTES } from './ops-routes.ts';
import { OpsShell } from './ops-shell.tsx';
import { OpsSignInPage } from './pages/sign-in-page.tsx';

/**
 * `/ops/*`: the operator console, loaded only when an operator opens it (the seller's pages
 * never load this code). Its own sign-in, then the shell around the pages of `routes/`.
 */
export function OpsConsole() {
  const first = OPS_ROUTES[0];
  return (
    <Routes>
      <Route path="sign-in" element={<OpsSignInPage />} />
      <Route element={<OpsShell />}>
        <Route index element={first ? <Navigate to={`${opsWebPaths.root}/${first.path}`} replace /> : null} />
        {OPS_ROUTES.map((route) => (
          <Route key={route.path} path={route.path} element={<route.page />} />
        ))}
        <Route path="*" element={<OpsNotFound />} />
      </Route>
    </Routes>
  );
}

function OpsNotFound() {
  const { t } = useTranslation();
  return <Result status="404" title={t('ops.notFound')} data-testid="ops-not-found" />;
}

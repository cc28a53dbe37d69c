import { opsWebPaths } from '@seller-centre/contract/ops';
import type { TOperatorPermission } from '@seller-centre/contract/operators';
import { useQuery } from '@tanstack/react-query';
import { Result } from 'antd';
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Route, Routes } from 'react-router';
import { PageSpinner } from '../../shared/components/page-spinner.tsx';
import { operatorQuery } from '../../shared/ops/ops-api.ts';
import { useOpsCan } from '../../shared/ops/ops-can.ts';
import type { OpsRoute } from '../../shared/ops/ops-route.ts';
import { OpsShell } from './ops-shell.tsx';
import { OpsSignInPage } from './pages/sign-in-page.tsx';

/**
 * `/ops/*`: the operator console, loaded only when an operator opens it (the seller's pages
 * never load this code). Its own sign-in, then the shell around `pages`: each feature's console
 * pages, which the app collects (web/src/app/ops-routes.ts) and hands over in menu order.
 */
export function OpsApp({ pages }: { pages: readonly OpsRoute[] }) {
  const first = pages[0];
  return (
    <Routes>
      <Route path="sign-in" element={<OpsSignInPage />} />
      <Route element={<OpsShell pages={pages} />}>
        <Route index element={first ? <Navigate to={`${opsWebPaths.root}/${first.path}`} replace /> : null} />
        {pages.map((route) => (
          <Route
            key={route.path}
            path={route.path}
            element={<OpsPage page={route.page} permission={route.permission ?? 'read'} />}
          />
        ))}
        <Route path="*" element={<OpsNotFound />} />
      </Route>
    </Routes>
  );
}

/** A page the operator's role may not open says so (its menu entry is hidden too). */
function OpsPage({ page: Page, permission }: { page: ComponentType; permission: TOperatorPermission }) {
  const { t } = useTranslation();
  const can = useOpsCan();
  const operator = useQuery(operatorQuery);
  // Until the operator has loaded its permissions are unknown: wait, rather than refuse, or draw a
  // page whose tabs and actions would change under the operator when they arrive (an antd Tabs
  // would stay on the one tab it had, the only one a reader sees).
  if (!operator.data) return <PageSpinner />;
  if (!can(permission)) return <Result status="403" title={t('ops.forbidden')} data-testid="ops-forbidden" />;
  return <Page />;
}

function OpsNotFound() {
  const { t } = useTranslation();
  return <Result status="404" title={t('ops.notFound')} data-testid="ops-not-found" />;
}

import { LogoutOutlined } from '@ant-design/icons';
import { opsWebPaths } from '@seller-centre/contract/ops';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Layout, Menu, Tag, Typography } from 'antd';
import { Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation, useNavigate } from 'react-router';
import { LanguageChooser } from '../../shared/components/language-chooser.tsx';
import { PageSpinner } from '../../shared/components/page-spinner.tsx';
import { OPS_QUERY_KEY, onOpsSessionEnded, operatorQuery } from '../../shared/ops/ops-api.ts';
import { useOpsCan } from '../../shared/ops/ops-can.ts';
import type { OpsRoute } from '../../shared/ops/ops-route.ts';
import { clearOpsSession, readOpsSession } from '../../shared/ops/ops-session.ts';
import { signOutOperator } from './ops-api.ts';
import styles from './ops-shell.module.css';

/** Where the sign-in page sends the operator back to, and why they were sent there. */
export type OpsSignInState = { from?: string; notice?: string };

/**
 * The console's frame: the side menu (one entry per page the operator's role may open, in the
 * order given), the page heading, the operator, the language and sign-out. Without an operator
 * session it goes to sign-in.
 */
export function OpsShell({ pages }: { pages: readonly OpsRoute[] }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const queryClient = useQueryClient();
  const [session] = useState(readOpsSession);
  const operator = useQuery({ ...operatorQuery, enabled: Boolean(session) });
  const can = useOpsCan();
  const routes = pages.filter((route) => can(route.permission ?? 'read'));

  useEffect(
    () =>
      onOpsSessionEnded((error) => {
        queryClient.removeQueries({ queryKey: OPS_QUERY_KEY });
        const state: OpsSignInState = { from: pathname, notice: error.msg };
        void navigate(opsWebPaths.signIn, { replace: true, state });
      }),
    [navigate, pathname, queryClient],
  );

  if (!session) {
    const state: OpsSignInState = { from: pathname };
    return <Navigate to={opsWebPaths.signIn} replace state={state} />;
  }

  const active = routes.find((r) => pathname === `${opsWebPaths.root}/${r.path}`);
  const name = operator.data?.display_name || operator.data?.account_name || session.displayName || session.accountName;

  const signOut = async () => {
    try {
      await signOutOperator();
    } catch {
      // Signed out here whatever the server says: the token is forgotten either way.
    }
    clearOpsSession();
    queryClient.removeQueries({ queryKey: OPS_QUERY_KEY });
    void navigate(opsWebPaths.signIn, { replace: true });
  };

  return (
    <Layout className={styles.layout} data-testid="ops-console">
      <a className="skip-link" href="#ops-main">
        {t('common.skipToContent')}
      </a>
      <Layout.Sider width={256} theme="light" className={styles.sider}>
        <div className={styles.brand}>
          <span className={styles.mark} aria-hidden="true">
            OPS
          </span>
          <span className={styles.brandName}>{t('ops.title')}</span>
        </div>
        <nav aria-label={t('ops.nav.label')} className={styles.menu}>
          <Menu
            mode="inline"
            selectedKeys={active ? [active.path] : []}
            style={{ borderInlineEnd: 'none' }}
            items={routes.map((route) => ({
              key: route.path,
              icon: route.icon,
              label: <span data-testid={`ops-nav-${route.path}`}>{t(route.titleKey)}</span>,
            }))}
            onClick={({ key }) => void navigate(`${opsWebPaths.root}/${key}`)}
          />
        </nav>
      </Layout.Sider>
      <Layout>
        <Layout.Header className={styles.header}>
          <Typography.Title level={1} className={styles.title} data-testid="ops-page-title">
            {active ? t(active.titleKey) : t('ops.title')}
          </Typography.Title>
          <div className={styles.toolbar}>
            <span className={styles.operator} data-testid="ops-operator">
              <span className={styles.avatar} aria-hidden="true">
                {name.slice(0, 1).toUpperCase()}
              </span>
              {name}
              {operator.data ? (
                <Tag bordered={false} data-testid="ops-operator-role">
                  {t(`ops.roles.${operator.data.role}`)}
                </Tag>
              ) : null}
            </span>
            <LanguageChooser />
            <Button type="text" icon={<LogoutOutlined />} onClick={() => void signOut()} data-testid="ops-sign-out">
              {t('ops.shell.signOut')}
            </Button>
          </div>
        </Layout.Header>
        <Layout.Content className={styles.content} id="ops-main" tabIndex={-1}>
          <div className={styles.panel}>
            <Suspense fallback={<PageSpinner />}>
              <Outlet />
            </Suspense>
          </div>
        </Layout.Content>
      </Layout>
    </Layout>
  );
}

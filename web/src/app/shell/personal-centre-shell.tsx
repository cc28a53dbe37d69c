import { LogoutOutlined } from '@ant-design/icons';
import { webPaths } from '@seller-centre/contract/paths';
import { Button, Layout, Menu, Result, Tag, Typography, type MenuProps } from 'antd';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { Brand } from '../../shared/components/brand.tsx';
import { LanguageChooser } from '../../shared/components/language-chooser.tsx';
import { PageSpinner } from '../../shared/components/page-spinner.tsx';
import { useDistributionInfo, useFunctionMenu, useUserInfo } from '../../shared/current-user.ts';
import { formatDateTime } from '../../shared/format.ts';
import { setLoginNotice } from '../../shared/return-path.ts';
import { INVITE_QUERY_KEY } from '../../features/personal-centre/invite-query.ts';
import {
  buildMenuTree,
  DEFAULT_MODULE_KEY,
  holdsNothing,
  MODULE_GROUPS,
  resolveModuleRequest,
  visibleModules,
  type ModuleDefinition,
} from '../modules.ts';
import styles from './personal-centre-shell.module.css';

const InvitationsDialog = lazy(() =>
  import('../../features/personal-centre/invitations-dialog.tsx').then((m) => ({ default: m.InvitationsDialog })),
);

/** `/home`: the personal centre frame; `?active=<module>` picks the module (spec 01 section 2). */
export function PersonalCentreShell() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [searchParams, setSearchParams] = useSearchParams();
  const user = useUserInfo();
  const menu = useFunctionMenu();
  const distribution = useDistributionInfo();
  const modules = visibleModules({
    userType: user.user_type,
    showDistribution: distribution.is_show_distributor,
    menu,
  });
  const request = resolveModuleRequest(searchParams.get('active'), modules);
  const denied = request.kind === 'denied' ? request.module : undefined;
  const active = request.kind === 'module' ? request.module : undefined;
  // The title names what was asked for, granted or not.
  const shown = denied ?? active;

  // An employee whose role was disabled (or taken away) meanwhile holds nothing at all: say
  // why on the login page rather than show an empty centre.
  const lockedOut = holdsNothing(user.user_type, menu);
  useEffect(() => {
    if (!lockedOut) return;
    setLoginNotice(t('errors.roleDisabled'));
    void navigate(webPaths.logout, { replace: true });
  }, [lockedOut, navigate, t]);

  // The active module's group opens whenever the module changes (also on back/forward);
  // the user may still fold groups by hand.
  const [openKeys, setOpenKeys] = useState<string[]>(() => (active?.group ? [active.group] : []));
  const [openedFor, setOpenedFor] = useState(active?.key);
  if (active && openedFor !== active.key) {
    setOpenedFor(active.key);
    if (active.group && !openKeys.includes(active.group)) setOpenKeys([...openKeys, active.group]);
  }

  const items: MenuProps['items'] = buildMenuTree(modules).map((node) =>
    node.kind === 'module'
      ? {
          key: node.module.key,
          label: <span data-testid={`nav-${node.module.key}`}>{t(node.module.titleKey)}</span>,
        }
      : {
          key: node.key,
          label: <span data-testid={`nav-group-${node.key}`}>{t(node.titleKey)}</span>,
          children: node.modules.map((module) => ({
            key: module.key,
            label: <span data-testid={`nav-${module.key}`}>{t(module.titleKey)}</span>,
          })),
        },
  );

  const ActiveModule = active?.component;
  const inviteOpen = searchParams.has(INVITE_QUERY_KEY);
  const closeInvitations = () =>
    setSearchParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        next.delete(INVITE_QUERY_KEY);
        return next;
      },
      { replace: true },
    );
  const none = t('layout.notAvailable');

  return (
    <Layout className={styles.layout} data-testid="personal-centre">
      <a className="skip-link" href="#main-content">
        {t('common.skipToContent')}
      </a>
      <Layout.Sider width={248} theme="light" className={styles.sider}>
        <div className={styles.siderInner}>
          <div className={styles.brand}>
            <Brand />
          </div>
          <div className={styles.company}>
            <Typography.Text type="secondary" className={styles.companyLabel}>
              {t('layout.company')}
            </Typography.Text>
            <Typography.Text strong ellipsis={{ tooltip: true }} data-testid="company-name">
              {user.user_company_name || t('layout.companyUnset')}
            </Typography.Text>
          </div>
          <nav className={styles.menu} aria-label={t('layout.navigation')}>
            <Menu
              mode="inline"
              items={items}
              selectedKeys={active ? [active.key] : []}
              openKeys={openKeys}
              onOpenChange={setOpenKeys}
              onClick={({ key }) => setSearchParams({ active: key })}
              style={{ borderInlineEnd: 'none' }}
              data-testid="module-menu"
            />
          </nav>
          <dl className={styles.lastLogin} data-testid="last-login">
            <div>
              <dt>{t('layout.lastLoginIp')}</dt>
              <dd data-testid="last-login-ip">{user.ip || none}</dd>
            </div>
            <div>
              <dt>{t('layout.lastLoginTime')}</dt>
              <dd data-testid="last-login-time">{formatDateTime(user.login_time, none)}</dd>
            </div>
          </dl>
        </div>
      </Layout.Sider>
      <Layout>
        <Layout.Header className={styles.header}>
          <div className={styles.heading}>
            {shown?.group ? (
              <Typography.Text type="secondary" className={styles.overline}>
                {t(MODULE_GROUPS[shown.group].titleKey)}
              </Typography.Text>
            ) : null}
            <Typography.Title level={1} className={styles.title} data-testid="module-title">
              {shown ? t(shown.titleKey) : ''}
            </Typography.Title>
          </div>
          <div className={styles.toolbar}>
            <span className={styles.user} data-testid="header-user">
              <span className={styles.avatar} aria-hidden="true">
                {(user.user_name || user.phone_number || '?').slice(0, 1).toUpperCase()}
              </span>
              <span className={styles.userName}>{user.user_name || user.phone_number}</span>
              <Tag color={user.user_type === 1 ? 'processing' : 'default'} className={styles.userTag}>
                {t(user.user_type === 1 ? 'layout.mainAccount' : 'layout.subAccount')}
              </Tag>
            </span>
            <LanguageChooser />
            <Button
              type="text"
              icon={<LogoutOutlined />}
              href={webPaths.logout}
              onClick={(event) => {
                event.preventDefault();
                void navigate(webPaths.logout);
              }}
              data-testid="logout-button"
            >
              {t('layout.logout')}
            </Button>
          </div>
        </Layout.Header>
        <Layout.Content className={styles.content} id="main-content" tabIndex={-1}>
          <div className={styles.panel} data-testid={active ? `module-${active.key}` : undefined}>
            {denied ? (
              <NoModulePermission module={denied} onBack={() => setSearchParams({ active: DEFAULT_MODULE_KEY })} />
            ) : (
              <Suspense fallback={<PageSpinner />}>
                {ActiveModule && active ? <ActiveModule moduleKey={active.key} /> : null}
              </Suspense>
            )}
          </div>
        </Layout.Content>
      </Layout>
      {inviteOpen ? (
        <Suspense fallback={null}>
          <InvitationsDialog open onClose={closeInvitations} />
        </Suspense>
      ) : null}
    </Layout>
  );
}

/** A module the account is not granted, opened by URL: the spec's no-permission words and a way back. */
function NoModulePermission({ module, onBack }: { module: ModuleDefinition; onBack: () => void }) {
  const { t } = useTranslation();
  return (
    <Result
      status="403"
      data-testid="module-denied"
      title={t('errors.noModulePermission', { module: t(module.titleKey) })}
      extra={
        <Button type="primary" onClick={onBack} data-testid="module-denied-back">
          {t('errors.backToHome')}
        </Button>
      }
    />
  );
}

import { LogoutOutlined, MenuOutlined } from '@ant-design/icons';
import { webPaths } from '@seller-centre/contract/paths';
import { Tag } from 'antd';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { Brand } from '../../shared/components/brand.tsx';
import { LanguageChooser } from '../../shared/components/language-chooser.tsx';
import { PageSpinner } from '../../shared/components/page-spinner.tsx';
import { useDistributionInfo, useFunctionMenu, useUserInfo } from '../../shared/current-user.ts';
import { useReaderTime } from '../../shared/reader-time.ts';
import { setLoginNotice } from '../../shared/return-path.ts';
import { INVITE_QUERY_KEY } from '../../features/personal-centre/invite-query.ts';
import {
  buildMenuTree,
  DEFAULT_MODULE_KEY,
  holdsNothing,
  MODULE_GROUPS,
  resolveModuleRequest,
  visibleModules,
  type ModuleGroupKey,
} from '../modules.ts';
import styles from './personal-centre-shell.module.css';
import { SideMenu } from './side-menu.tsx';

const InvitationsDialog = lazy(() =>
  import('../../features/personal-centre/invitations-dialog.tsx').then((m) => ({ default: m.InvitationsDialog })),
);
const ModuleDenied = lazy(() => import('./module-denied.tsx').then((m) => ({ default: m.ModuleDenied })));

/** A time in the reader's zone, which the server drawing the page does not know: written once the browser has it. */
function ReaderTime({ value, none }: { value: string | undefined; none: string }) {
  return useReaderTime().dateTime(value, none);
}

/** `/home`: the personal centre frame; `?active=<module>` picks the module (docs/product.md). */
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
  const [openKeys, setOpenKeys] = useState<ModuleGroupKey[]>(() => (active?.group ? [active.group] : []));
  const [openedFor, setOpenedFor] = useState(active?.key);
  // On a phone the menu folds away behind a button, and folds again once a module is chosen.
  const [phoneMenuOpen, setPhoneMenuOpen] = useState(false);
  if (active && openedFor !== active.key) {
    setOpenedFor(active.key);
    setPhoneMenuOpen(false);
    if (active.group && !openKeys.includes(active.group)) setOpenKeys([...openKeys, active.group]);
  }

  const toggleGroup = (group: ModuleGroupKey) =>
    setOpenKeys((open) => (open.includes(group) ? open.filter((key) => key !== group) : [...open, group]));

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
  const companyName = user.user_company_name || t('layout.companyUnset');

  return (
    <div className={styles.layout} data-testid="personal-centre">
      <a className="skip-link" href="#main-content">
        {t('common.skipToContent')}
      </a>
      <aside className={styles.sider}>
        <div className={styles.siderInner}>
          <div className={styles.brand}>
            <Brand />
            <button
              type="button"
              className={styles.menuToggle}
              aria-expanded={phoneMenuOpen}
              aria-controls="side-navigation"
              onClick={() => setPhoneMenuOpen((open) => !open)}
              data-testid="phone-menu-toggle"
            >
              <MenuOutlined aria-hidden="true" />
              <span>{t('layout.menu')}</span>
            </button>
          </div>
          <div id="side-navigation" className={styles.siderBody} data-phone-open={phoneMenuOpen}>
            <div className={styles.company}>
              <span className={styles.companyLabel}>{t('layout.company')}</span>
              <span className={styles.companyName} title={companyName} data-testid="company-name">
                {companyName}
              </span>
            </div>
            <nav className={styles.menu} aria-label={t('layout.navigation')}>
              <SideMenu
                tree={buildMenuTree(modules)}
                activeKey={active?.key}
                openGroups={openKeys}
                onToggleGroup={toggleGroup}
              />
            </nav>
            <dl className={styles.lastLogin} data-testid="last-login">
              <div>
                <dt>{t('layout.lastLoginIp')}</dt>
                <dd data-testid="last-login-ip">{user.ip || none}</dd>
              </div>
              <div>
                <dt>{t('layout.lastLoginTime')}</dt>
                <dd className={styles.loginTime} data-testid="last-login-time">
                  <ReaderTime value={user.login_time} none={none} />
                </dd>
              </div>
            </dl>
          </div>
        </div>
      </aside>
      <div className={styles.body}>
        <header className={styles.header}>
          <div className={styles.heading}>
            {shown?.group ? <span className={styles.overline}>{t(MODULE_GROUPS[shown.group].titleKey)}</span> : null}
            <h1 className={styles.title} data-testid="module-title">
              {shown ? t(shown.titleKey) : ''}
            </h1>
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
            <a
              className={styles.logout}
              href={webPaths.logout}
              onClick={(event) => {
                event.preventDefault();
                void navigate(webPaths.logout);
              }}
              data-testid="logout-button"
            >
              <LogoutOutlined />
              <span>{t('layout.logout')}</span>
            </a>
          </div>
        </header>
        <main className={styles.content} id="main-content" tabIndex={-1}>
          <div className={styles.panel} data-testid={active ? `module-${active.key}` : undefined}>
            <Suspense fallback={<PageSpinner />}>
              {denied ? (
                <ModuleDenied module={denied} onBack={() => setSearchParams({ active: DEFAULT_MODULE_KEY })} />
              ) : ActiveModule && active ? (
                <ActiveModule moduleKey={active.key} />
              ) : null}
            </Suspense>
          </div>
        </main>
      </div>
      {inviteOpen ? (
        <Suspense fallback={null}>
          <InvitationsDialog open onClose={closeInvitations} />
        </Suspense>
      ) : null}
    </div>
  );
}

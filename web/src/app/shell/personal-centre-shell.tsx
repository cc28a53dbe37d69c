import { Layout, Menu, Typography, type MenuProps } from 'antd';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Brand } from '../../shared/components/brand.tsx';
import { LanguageChooser } from '../../shared/components/language-chooser.tsx';
import { PageSpinner } from '../../shared/components/page-spinner.tsx';
import {
  buildMenuTree,
  MODULE_GROUPS,
  resolveActiveModule,
  visibleModules,
  type ModuleViewer,
} from '../modules.ts';
import styles from './personal-centre-shell.module.css';

// Sign-in does not exist yet, so nobody is known: preview the menu as a main account with
// distribution on. The sign-in issue replaces this with the loaded user and distribution info.
const PREVIEW_VIEWER: ModuleViewer = { userType: 1, showDistribution: true };

/** `/home`: the personal centre frame; `?active=<module>` picks the module (spec 01 section 2). */
export function PersonalCentreShell() {
  const { t } = useTranslation();
  const [searchParams, setSearchParams] = useSearchParams();
  const modules = visibleModules(PREVIEW_VIEWER);
  const active = resolveActiveModule(searchParams.get('active'), modules);

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
  const lastLoginPlaceholder = t('layout.notAvailable');

  return (
    <Layout className={styles.layout} data-testid="personal-centre">
      <Layout.Sider width={248} theme="light" className={styles.sider}>
        <div className={styles.siderInner}>
          <div className={styles.brand}>
            <Brand />
          </div>
          <div className={styles.company}>
            <Typography.Text type="secondary" className={styles.companyLabel}>
              {t('layout.company')}
            </Typography.Text>
            <Typography.Text strong ellipsis data-testid="company-name">
              {t('layout.companyUnset')}
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
              <dd>{lastLoginPlaceholder}</dd>
            </div>
            <div>
              <dt>{t('layout.lastLoginTime')}</dt>
              <dd>{lastLoginPlaceholder}</dd>
            </div>
          </dl>
        </div>
      </Layout.Sider>
      <Layout>
        <Layout.Header className={styles.header}>
          <div className={styles.heading}>
            {active?.group ? (
              <Typography.Text type="secondary" className={styles.overline}>
                {t(MODULE_GROUPS[active.group].titleKey)}
              </Typography.Text>
            ) : null}
            <Typography.Title level={4} className={styles.title} data-testid="module-title">
              {active ? t(active.titleKey) : ''}
            </Typography.Title>
          </div>
          <LanguageChooser />
        </Layout.Header>
        <Layout.Content className={styles.content}>
          <div className={styles.panel} data-testid={active ? `module-${active.key}` : undefined}>
            <Suspense fallback={<PageSpinner />}>
              {ActiveModule && active ? <ActiveModule moduleKey={active.key} /> : null}
            </Suspense>
          </div>
        </Layout.Content>
      </Layout>
    </Layout>
  );
}

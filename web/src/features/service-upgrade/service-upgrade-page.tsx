import { Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PackageTab } from './package-tab.tsx';
import styles from './service-upgrade-page.module.css';
import { TopUpTab } from './top-up-tab.tsx';
import { resolveUpgradeTab, UPGRADE_TAB_PARAM, UPGRADE_TABS, type UpgradeTab } from './upgrade-tabs.ts';
import { ValueAddedTab } from './value-added-tab.tsx';

const TAB_CONTENT: Record<UpgradeTab, () => React.JSX.Element> = {
  '1': PackageTab,
  '2': ValueAddedTab,
  '3': TopUpTab,
};

/**
 * Service upgrade (docs/product.md): package ordering (1), value-added services (2) and third-party
 * top-up (3), the tab chosen by `?tab=`. Every tab ends in the same checkout: a coupon, the
 * payment terms, and payment by QR code.
 */
export function ServiceUpgradePage() {
  const { t } = useTranslation();
  const [searchParams, setSearchParams] = useSearchParams();
  const tab = resolveUpgradeTab(searchParams.get(UPGRADE_TAB_PARAM));
  const Content = TAB_CONTENT[tab];
  return (
    <div className={styles.page} data-testid="service-upgrade">
      <Tabs
        activeKey={tab}
        onChange={(key) => setSearchParams({ active: 'serviceUpgrade', [UPGRADE_TAB_PARAM]: key })}
        // Only the open tab is mounted: leaving a tab (or the page) stops its payment polling.
        items={UPGRADE_TABS.map((key) => ({
          key,
          label: <span data-testid={`upgrade-tab-${key}`}>{t(`service-upgrade.tabs.${key}`)}</span>,
          children: key === tab ? <Content /> : null,
        }))}
      />
    </div>
  );
}

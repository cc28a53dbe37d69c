import { Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import styles from './service-upgrade-page.module.css';
import { resolveUpgradeTab, UPGRADE_TAB_PARAM, UPGRADE_TABS } from './upgrade-tabs.ts';

/**
 * Service upgrade (spec 03): package ordering (1), value-added services (2) and third-party
 * top-up (3), the tab chosen by `?tab=`. Every tab ends in the same checkout: a coupon, the
 * payment terms, and payment by QR code.
 */
export function ServiceUpgradePage() {
  const { t } = useTranslation();
  const [searchParams, setSearchParams] = useSearchParams();
  const tab = resolveUpgradeTab(searchParams.get(UPGRADE_TAB_PARAM));
  return (
    <div className={styles.page} data-testid="service-upgrade">
      <Tabs
        activeKey={tab}
        onChange={(key) => setSearchParams({ active: 'serviceUpgrade', [UPGRADE_TAB_PARAM]: key })}
        items={UPGRADE_TABS.map((key) => ({
          key,
          label: <span data-testid={`upgrade-tab-${key}`}>{t(`service-upgrade.tabs.${key}`)}</span>,
        }))}
      />
    </div>
  );
}

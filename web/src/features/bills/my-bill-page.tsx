import { Result, Tabs } from 'antd';
import { createContext, useContext, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageSpinner } from '../../shared/components/page-spinner.tsx';
import { useFunctionMenu } from '../../shared/current-user.ts';
import { BILL_TAB_PARAM, BILL_TABS, permittedBillTabs, resolveBillTab, type BillTabKey } from './bill-tabs.ts';
import styles from './bills.module.css';
import { DeductionBill } from './deduction-bill.tsx';
import { SoftwareBill } from './software-bill.tsx';
import { ThirdPartyBill } from './third-party-bill.tsx';

/**
 * The cloud warehouse bill's content, given by the app (features/warehouse builds it; a feature
 * does not import another). Without one the tab says it is not available yet.
 */
const WarehouseBillSlot = createContext<ReactNode>(undefined);

/** The cloud warehouse bill (page 270). */
function CloudWarehouseBill() {
  const { t } = useTranslation();
  const warehouseBill = useContext(WarehouseBillSlot);
  return (
    <div data-testid="cloud-bill">
      {warehouseBill ?? (
        <Result
          status="info"
          title={t('bills.cloud.notAvailable', { bill: t('bills.cloud.warehouseTab') })}
          subTitle={t('bills.cloud.notAvailableHint')}
          data-testid="cloud-bill-unavailable"
        />
      )}
    </div>
  );
}

const TAB_CONTENT: Record<BillTabKey, () => React.JSX.Element> = {
  SOFTBILL: SoftwareBill,
  DUDUCTION: DeductionBill,
  CLOUDBILL: CloudWarehouseBill,
  THIRDPARTY: ThirdPartyBill,
};

/**
 * My bill (docs/product.md, docs/product.md): the software bill, the deduction bill, the cloud
 * warehouse bill and the third-party bill. Every tab is shown; one whose page the role lacks
 * (268, 269, 270) is disabled, and the third-party bill never is. The first permitted one opens.
 * The open tab lives in the URL (`bill=`), so a reload or a shared link keeps it.
 */
export function MyBillPage({ warehouseBill }: { warehouseBill?: ReactNode }) {
  const { t } = useTranslation();
  const menu = useFunctionMenu();
  const [searchParams, setSearchParams] = useSearchParams();
  if (!menu) return <PageSpinner />;
  const permitted = permittedBillTabs(menu);
  const active = resolveBillTab(searchParams.get(BILL_TAB_PARAM), permitted);
  if (!active) {
    return <Result status="403" title={t('bills.noTab')} data-testid="bills-no-tab" />;
  }
  const Content = TAB_CONTENT[active];
  return (
    <WarehouseBillSlot.Provider value={warehouseBill}>
      <div className={styles.page} data-testid="my-bill">
        <Tabs
          activeKey={active}
          // Each tab's filters live in its own URL parameters: a new tab starts from a clean URL.
          onChange={(key) => setSearchParams({ active: 'myBill', [BILL_TAB_PARAM]: key })}
          destroyOnHidden
          items={BILL_TABS.map(({ key }) => ({
            key,
            disabled: !permitted.includes(key),
            label: <span data-testid={`bill-tab-${key}`}>{t(`bills.tabs.${key}`)}</span>,
            children: active === key ? <Content /> : null,
          }))}
        />
      </div>
    </WarehouseBillSlot.Provider>
  );
}

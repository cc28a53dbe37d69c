import { Result, Tabs } from 'antd';
import { createContext, useContext, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageSpinner } from '../../shared/components/page-spinner.tsx';
import { useFunctionMenu } from '../../shared/current-user.ts';
import { BILL_TAB_PARAM, permittedBillTabs, resolveBillTab, type BillTabKey } from './bill-tabs.ts';
import styles from './bills.module.css';
import { DeductionBill } from './deduction-bill.tsx';
import { SoftwareBill } from './software-bill.tsx';
import { ThirdPartyBill } from './third-party-bill.tsx';

/**
 * The cloud warehouse bill's content, given by the app (features/warehouse builds it; a feature
 * does not import another). Without one the tab says it is not available yet.
 */
const WarehouseBillSlot = createContext<ReactNode>(undefined);

/** The cloud bill: the warehouse bill and the third-party bill. */
function CloudWarehouseBill() {
  const { t } = useTranslation();
  const warehouseBill = useContext(WarehouseBillSlot);
  return (
    <Tabs
      data-testid="cloud-bill"
      items={[
        {
          key: 'cloud',
          label: t('bills.cloud.warehouseTab'),
          children: warehouseBill ?? (
            <Result
              status="info"
              title={t('bills.cloud.notAvailable', { bill: t('bills.cloud.warehouseTab') })}
              subTitle={t('bills.cloud.notAvailableHint')}
              data-testid="cloud-bill-unavailable"
            />
          ),
        },
        {
          key: 'third-party',
          label: t('bills.cloud.thirdPartyTab'),
          children: <ThirdPartyBill />,
        },
      ]}
    />
  );
}

const TAB_CONTENT: Record<BillTabKey, () => React.JSX.Element> = {
  SOFTBILL: SoftwareBill,
  DUDUCTION: DeductionBill,
  CLOUDBILL: CloudWarehouseBill,
};

/**
 * My bill (spec 03): the software bill, the deduction bill and the cloud warehouse bill, each
 * shown only when the role grants its page (268, 269, 270); the first granted one opens. The
 * open tab lives in the URL (`bill=`), so a reload or a shared link keeps it.
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
          items={permitted.map((key) => ({
            key,
            label: <span data-testid={`bill-tab-${key}`}>{t(`bills.tabs.${key}`)}</span>,
            children: active === key ? <Content /> : null,
          }))}
        />
      </div>
    </WarehouseBillSlot.Provider>
  );
}

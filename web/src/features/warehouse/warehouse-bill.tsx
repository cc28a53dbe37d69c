import { showInCurrency, type TCurrency } from '@seller-centre/contract/warehouse';
import { yuanToFen } from '@seller-centre/contract/money';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Badge, Card, Empty, Menu, Select, Skeleton, Tooltip } from 'antd';
import { Suspense, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { AuthButton } from '../../shared/components/auth-button.tsx';
import { useLanguage } from '../../shared/i18n.ts';
import { usePermission } from '../../shared/permission.ts';
import { notify } from '../../shared/notify.ts';
import { exportCountQuery, providersQuery, WAREHOUSE_QUERY_ROOT, wmsQuery } from './api.ts';
import { WAREHOUSE_ACTION_PERMISSIONS, WAREHOUSE_ACTIONS, WAREHOUSE_DIALOGS, type WarehouseAction } from './dialogs.ts';
import { EXPORT_BADGE_MAX, exportBadgeCount } from './export-badge.ts';
import { PROVIDER_PARAM, shownProvider } from './provider-param.ts';
import { FeeBillList, FeeFlowList, RentList } from './warehouse-lists.tsx';
import styles from './warehouse.module.css';

const MENU = ['flow', 'bill', 'rent'] as const;
type MenuKey = (typeof MENU)[number];

/** The provider (provider-param.ts) and the left-menu entry live in the URL, like the lists' filters. */
const MENU_PARAM = 'wh';

/**
 * A labelled figure. Until its value is known a placeholder of about its size (`wide` for a name)
 * holds its place, so the figures after it do not move when it arrives.
 */
function Figure(props: { label: string; value: string | undefined; testId: string; wide?: boolean }) {
  const { label, value, testId, wide = false } = props;
  return (
    <div className={styles.figure}>
      <span className={styles.figureLabel}>{label}</span>
      {value === undefined ? (
        <Skeleton.Input
          active
          block={wide}
          size="small"
          className={`${styles.figurePending} ${wide ? styles.figurePendingWide : ''}`}
        />
      ) : (
        <span className={styles.figureValue} data-testid={testId}>
          {value}
        </span>
      )}
    </div>
  );
}

/** Balance, frozen and credit line in the chosen currency (CNY divided by its rate, 3 decimals, rounded down). */
function BalancePanel({ wwsId }: { wwsId: number }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const balance = useQuery(wmsQuery('getBalance', wwsId, {}, language));
  const currency = useQuery(wmsQuery('getCurrency', wwsId, {}, language));
  const account = useQuery(wmsQuery('getAccount', wwsId, {}, language));
  const [code, setCode] = useState('CNY');
  const list: TCurrency[] = currency.data?.currencyList ?? [];
  const shown = (yuan: string | undefined) => {
    if (yuan === undefined) return { text: '-', currency: code, fellBack: false };
    const negative = yuan.startsWith('-');
    const fen = yuanToFen(negative ? yuan.slice(1) : yuan) * (negative ? -1 : 1);
    return showInCurrency(fen, code, list);
  };
  // A currency the provider does not list (or with no usable rate) is shown as CNY, and said so.
  const choose = (next: string) => {
    if (showInCurrency(0, next, list).fellBack) {
      notify.error(t('warehouse.currencyNotFound', { code: next }));
      setCode('CNY');
      return;
    }
    setCode(next);
  };
  const format = (yuan: string | undefined) => {
    if (balance.isLoading) return undefined;
    const f = shown(yuan);
    return `${f.text} ${f.currency}`;
  };
  return (
    <div className={styles.balance} data-testid="warehouse-balance">
      <Figure label={t('warehouse.balance')} value={format(balance.data?.cb_value)} testId="warehouse-balance-value" />
      <Figure
        label={t('warehouse.creditLine')}
        value={format(balance.data?.cb_credit_line)}
        testId="warehouse-credit-line"
      />
      <Figure label={t('warehouse.frozen')} value={format(balance.data?.cb_frozen)} testId="warehouse-frozen" />
      <Figure
        label={t('warehouse.account')}
        wide
        value={
          account.isLoading
            ? undefined
            : [account.data?.company_code, account.data?.company_name].filter(Boolean).join(' · ') || '-'
        }
        testId="warehouse-account"
      />
      <Select
        className={styles.filter}
        value={code}
        onChange={choose}
        aria-label={t('warehouse.currency')}
        options={(list.length ? list : [{ currency_code: 'CNY', currency_name: '', currency_name_en: '' }]).map(
          (c) => ({
            value: c.currency_code,
            label: `${c.currency_code}${c.currency_name ? ` · ${language === 'zh' ? c.currency_name : c.currency_name_en}` : ''}`,
          }),
        )}
        data-testid="warehouse-currency"
      />
    </div>
  );
}

/**
 * The export list's button with the number of exports on it. A part of its own: the count is asked
 * for again whenever the page is shown, and only the button renders again for it.
 */
function ExportListButton({ wwsId, onOpen }: { wwsId: number | undefined; onOpen: () => void }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const canExport = usePermission(WAREHOUSE_ACTION_PERMISSIONS.exportList).allowed;
  const exportCount = useQuery({
    ...exportCountQuery(wwsId ?? 0, language),
    enabled: wwsId !== undefined && canExport,
  });
  return (
    <Tooltip title={t('warehouse.actions.exportList')}>
      <Badge
        count={exportBadgeCount(exportCount.data)}
        overflowCount={EXPORT_BADGE_MAX}
        data-testid="warehouse-export-count"
      >
        <AuthButton
          permission={WAREHOUSE_ACTION_PERMISSIONS.exportList}
          onClick={onOpen}
          data-testid="warehouse-action-exportList"
        >
          {t('warehouse.actions.exportList')}
        </AuthButton>
      </Badge>
    </Tooltip>
  );
}

/**
 * The cloud warehouse bill (docs/product.md, page 270): choose a provider; its balance with
 * a currency switch and the credit line; the four money actions; and the fee flow, fee bill and
 * warehouse rent lists behind a left menu.
 */
export function WarehouseBill() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [searchParams, setSearchParams] = useSearchParams();
  const providers = useQuery(providersQuery());
  const list = useMemo(() => providers.data ?? [], [providers.data]);
  const wwsId = shownProvider(list, searchParams);
  const menuParam = searchParams.get(MENU_PARAM);
  const menu: MenuKey = MENU.find((m) => m === menuParam) ?? 'flow';
  const [dialog, setDialog] = useState<WarehouseAction | null>(null);

  // The first provider is shown when the URL does not mention one, and written into the URL so a
  // reload or a shared link keeps it.
  useEffect(() => {
    if (wwsId === undefined || searchParams.has(PROVIDER_PARAM)) return;
    setSearchParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        next.set(PROVIDER_PARAM, String(wwsId));
        return next;
      },
      { replace: true },
    );
  }, [wwsId, searchParams, setSearchParams]);

  const setParam = (name: string, value: string | undefined) =>
    setSearchParams((previous) => {
      const next = new URLSearchParams(previous);
      if (value === undefined) next.delete(name);
      else next.set(name, value);
      return next;
    });

  const open = (action: WarehouseAction) => {
    if (wwsId === undefined) {
      notify.warning(t('warehouse.needProvider'));
      return;
    }
    if (!WAREHOUSE_DIALOGS[action]) {
      notify.warning(t('warehouse.actions.comingSoon'));
      return;
    }
    setDialog(action);
  };
  const Dialog = dialog ? WAREHOUSE_DIALOGS[dialog] : undefined;

  if (providers.isLoading) return <Skeleton active />;
  // No provider has opened an account for this tenant yet (a tenant registered today): say what
  // the page is for and how an account arrives, rather than a selector with nothing in it.
  if (providers.isSuccess && list.length === 0)
    return (
      <Card className={styles.page} data-testid="warehouse-bill">
        <Empty
          data-testid="warehouse-no-account"
          description={
            <>
              <div className={styles.noAccountTitle}>{t('warehouse.noAccount.title')}</div>
              <div>{t('warehouse.noAccount.hint')}</div>
            </>
          }
        />
      </Card>
    );
  return (
    <div className={styles.page} data-testid="warehouse-bill">
      <Card size="small">
        <div className={styles.header}>
          <Select
            className={styles.provider}
            placeholder={t('warehouse.selectProvider')}
            aria-label={t('warehouse.provider')}
            value={wwsId}
            onChange={(value: number | undefined) =>
              setParam(PROVIDER_PARAM, value === undefined ? undefined : String(value))
            }
            allowClear
            notFoundContent={t('warehouse.noProviders')}
            options={list.map((p) => ({ value: p.wws_id, label: p.name }))}
            data-testid="warehouse-provider"
          />
          {wwsId !== undefined && <BalancePanel key={wwsId} wwsId={wwsId} />}
        </div>
        <div className={styles.actions} style={{ marginTop: 12 }}>
          {/* Each action needs its button (271 to 274, the export list 275); without it the click says so. */}
          {WAREHOUSE_ACTIONS.map((action) => (
            <AuthButton
              key={action}
              permission={WAREHOUSE_ACTION_PERMISSIONS[action]}
              type={action === 'onlineTopUp' ? 'primary' : 'default'}
              onClick={() => open(action)}
              data-testid={`warehouse-action-${action}`}
            >
              {t(`warehouse.actions.${action}`)}
            </AuthButton>
          ))}
          <ExportListButton wwsId={wwsId} onOpen={() => open('exportList')} />
        </div>
      </Card>
      {wwsId === undefined ? (
        <Empty description={t(list.length ? 'warehouse.needProvider' : 'warehouse.noProviders')} />
      ) : (
        <div className={styles.body}>
          <Menu
            className={styles.menu}
            // Below 768 px (a phone) the stylesheet lays the items across, above the list: by the
            // stylesheet alone, so a page the server drew is laid out as the app then keeps it.
            mode="inline"
            selectedKeys={[menu]}
            onClick={({ key }) => setParam(MENU_PARAM, key)}
            items={MENU.map((key) => ({
              key,
              label: <span data-testid={`warehouse-menu-${key}`}>{t(`warehouse.menu.${key}`)}</span>,
            }))}
          />
          <div className={styles.content}>
            {menu === 'flow' && <FeeFlowList wwsId={wwsId} />}
            {menu === 'bill' && <FeeBillList wwsId={wwsId} />}
            {menu === 'rent' && <RentList wwsId={wwsId} />}
          </div>
        </div>
      )}
      {Dialog && wwsId !== undefined && (
        <Suspense fallback={null}>
          <Dialog
            wwsId={wwsId}
            open
            onClose={(changed) => {
              setDialog(null);
              if (changed) void queryClient.invalidateQueries({ queryKey: WAREHOUSE_QUERY_ROOT });
            }}
          />
        </Suspense>
      )}
    </div>
  );
}

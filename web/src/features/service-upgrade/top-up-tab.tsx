import { useQuery } from '@tanstack/react-query';
import { Input, Radio, Skeleton, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListLoadError } from '../../shared/list/server-table.tsx';
import { checkTopUpAmount } from './amounts.ts';
import { warehousePackagesQuery } from './api.ts';
import { CheckoutPanel } from './checkout.tsx';
import { useCheckout, type Purchase } from './use-checkout.ts';
import styles from './service-upgrade-page.module.css';

const CUSTOM = 'custom';
const TOP_UP_PAY_TYPE = 3;

/** Tab 3, third-party top-up: a fixed amount, or a custom one of at least 50.00 yuan. */
export function TopUpTab() {
  const { t } = useTranslation();
  const packages = useQuery(warehousePackagesQuery);
  const [chosen, setChosen] = useState<number | typeof CUSTOM>();
  // The amount counts once typed (blur or Enter), so that a pay method chosen meanwhile asks once.
  const [customText, setCustomText] = useState('');
  const [draft, setDraft] = useState('');
  const [touched, setTouched] = useState(false);
  const custom = chosen === CUSTOM ? checkTopUpAmount(customText) : undefined;
  const fixed = typeof chosen === 'number' ? packages.data?.find((p) => p.id === chosen) : undefined;

  const purchase: Purchase | undefined = fixed
    ? {
        key: `package:${fixed.id}`,
        item: t('service-upgrade.topUp.item', { amount: fixed.amount }),
        price: fixed.amount,
        order: { package_id: String(fixed.id), pay_type: TOP_UP_PAY_TYPE },
      }
    : custom?.ok
      ? {
          key: `amount:${custom.amount}`,
          item: t('service-upgrade.topUp.item', { amount: custom.amount }),
          price: custom.amount,
          // A custom top-up names its amount and no package (docs/api.md).
          order: { amount: custom.amount, pay_type: TOP_UP_PAY_TYPE },
        }
      : undefined;
  const customError =
    custom && !custom.ok
      ? custom.error === 'minimum'
        ? 'service-upgrade.messages.minTopUp'
        : 'service-upgrade.messages.amountFormat'
      : undefined;
  const checkout = useCheckout({ purchase, couponUseType: 3, invalid: customError });
  const commit = () => {
    setTouched(true);
    if (draft !== customText)
      checkout.guard(
        () => setCustomText(draft),
        () => setDraft(customText),
      );
  };

  if (packages.isPending) return <Skeleton active paragraph={{ rows: 6 }} />;
  if (packages.isError) {
    return (
      <ListLoadError error={packages.error} onRetry={() => void packages.refetch()} retrying={packages.isFetching} />
    );
  }

  return (
    <div className={styles.layout}>
      <div className={styles.choices}>
        <section className={styles.section} aria-labelledby="pick-amount">
          <Typography.Title level={3} className={styles.sectionTitle} id="pick-amount">
            {t('service-upgrade.topUp.amount')}
          </Typography.Title>
          <Radio.Group
            className={styles.packageGrid}
            value={chosen}
            onChange={(e) => checkout.guard(() => setChosen(e.target.value as number | typeof CUSTOM))}
            aria-labelledby="pick-amount"
          >
            {packages.data.map((p) => (
              <Radio.Button key={p.id} value={p.id} className={styles.packageCard}>
                <span className={styles.packagePrice} data-testid={`top-up-${p.id}`}>
                  {t('service-upgrade.money', { amount: p.amount })}
                </span>
              </Radio.Button>
            ))}
            <Radio.Button value={CUSTOM} className={styles.packageCard}>
              <span className={styles.packageName} data-testid="top-up-custom">
                {t('service-upgrade.topUp.custom')}
              </span>
            </Radio.Button>
          </Radio.Group>
        </section>
        <Typography.Text type="secondary" className={styles.note}>
          {t('service-upgrade.topUp.hint')}
        </Typography.Text>
        {chosen === CUSTOM ? (
          <section className={styles.section}>
            <label className={styles.field}>
              <span className={styles.fieldLabel}>{t('service-upgrade.topUp.customLabel')}</span>
              <Input
                className={styles.customAmount}
                prefix="¥"
                inputMode="decimal"
                value={draft}
                onChange={(e) => setDraft(e.target.value)}
                onBlur={commit}
                onPressEnter={commit}
                placeholder={t('service-upgrade.topUp.customPlaceholder')}
                status={touched && customError ? 'error' : undefined}
                data-testid="top-up-amount"
              />
            </label>
            {touched && customError ? (
              <Typography.Text type="danger" role="alert" data-testid="top-up-amount-error">
                {t(customError)}
              </Typography.Text>
            ) : (
              <Typography.Text type="secondary">{t('service-upgrade.messages.minTopUp')}</Typography.Text>
            )}
          </section>
        ) : null}
      </div>
      <CheckoutPanel checkout={checkout} />
    </div>
  );
}

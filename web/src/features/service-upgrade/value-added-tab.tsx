import { useQuery } from '@tanstack/react-query';
import { Empty, Radio, Skeleton, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListLoadError } from '../../shared/list/server-table.tsx';
import { useLanguage } from '../../shared/i18n.ts';
import { rechargeCategoriesQuery, type TRechargeCategory } from './api.ts';

type RechargePackage = TRechargeCategory['detail'][string][number];
import { CheckoutPanel } from './checkout.tsx';
import { useCheckout, type Purchase } from './use-checkout.ts';
import styles from './service-upgrade-page.module.css';

type Chosen = { category: TRechargeCategory; service: string; item: RechargePackage };

/** Tab 2, value-added services: recharge categories, each service with its packages. */
export function ValueAddedTab() {
  const { t } = useTranslation();
  const language = useLanguage();
  const categories = useQuery(rechargeCategoriesQuery(language));
  const [categoryIndex, setCategoryIndex] = useState(0);
  // The catalogue names categories and services by code; unknown codes show as they are.
  const categoryName = (code: string) => t(`service-upgrade.valueAdded.categories.${code}`, { defaultValue: code });
  const serviceName = (code: string) => t(`service-upgrade.valueAdded.services.${code}`, { defaultValue: code });
  const [chosenId, setChosenId] = useState<number>();
  const list = categories.data ?? [];
  const category = list[Math.min(categoryIndex, Math.max(0, list.length - 1))];

  let chosen: Chosen | undefined;
  for (const c of list) {
    for (const [service, items] of Object.entries(c.detail)) {
      const item = items.find((p) => p.package_pay_id === chosenId);
      if (item) chosen = { category: c, service, item };
    }
  }
  const purchase: Purchase | undefined = chosen
    ? {
        key: String(chosen.item.package_pay_id),
        item: `${serviceName(chosen.service)} · ${t('service-upgrade.valueAdded.quota', { amount: chosen.item.package_name })}`,
        price: chosen.item.price,
        order: { package_id: String(chosen.item.package_pay_id), pay_type: chosen.category.service_type === 4 ? 4 : 2 },
        couponService: chosen.item.coupon_service,
      }
    : undefined;
  const checkout = useCheckout({ purchase, couponUseType: 2 });

  if (categories.isPending) return <Skeleton active paragraph={{ rows: 8 }} />;
  if (categories.isError) {
    return (
      <ListLoadError
        error={categories.error}
        onRetry={() => void categories.refetch()}
        retrying={categories.isFetching}
      />
    );
  }
  if (!category) return <Empty description={t('service-upgrade.valueAdded.none')} />;

  return (
    <div className={styles.layout}>
      <div className={styles.choices}>
        <section className={styles.section} aria-labelledby="pick-category">
          <Typography.Title level={3} className={styles.sectionTitle} id="pick-category">
            {t('service-upgrade.valueAdded.category')}
          </Typography.Title>
          <Radio.Group
            optionType="button"
            value={categoryIndex}
            onChange={(e) => setCategoryIndex(e.target.value as number)}
            options={list.map((c, i) => ({ value: i, label: categoryName(c.category) }))}
            aria-labelledby="pick-category"
            data-testid="recharge-category"
          />
        </section>
        <Typography.Text type="secondary" className={styles.note}>
          {t('service-upgrade.valueAdded.hint')}
        </Typography.Text>
        {category.annual_plan_only ? (
          <Tag color="gold" className={styles.chosenTag} data-testid="annual-plan-only">
            {t('service-upgrade.valueAdded.annualOnly')}
          </Tag>
        ) : null}
        {Object.entries(category.detail).map(([service, items]) => (
          <section key={service} className={styles.section} aria-label={serviceName(service)}>
            <Typography.Title level={3} className={styles.sectionTitle}>
              {serviceName(service)}
              {service === 'follow_sell_monitoring' ? (
                <Tag className={styles.titleTag}>{t('service-upgrade.valueAdded.coupangOnly')}</Tag>
              ) : null}
            </Typography.Title>
            <Radio.Group
              className={styles.packageGrid}
              value={chosenId}
              onChange={(e) => checkout.guard(() => setChosenId(e.target.value as number))}
              aria-label={serviceName(service)}
            >
              {items.map((item) => (
                <Radio.Button key={item.package_pay_id} value={item.package_pay_id} className={styles.packageCard}>
                  <span className={styles.packageName} data-testid={`recharge-package-${item.package_pay_id}`}>
                    {t('service-upgrade.valueAdded.quota', { amount: item.package_name })}
                  </span>
                  <span className={styles.packagePrice}>{t('service-upgrade.money', { amount: item.price })}</span>
                  {item.retail_price !== item.price ? (
                    <del className={styles.priceWas}>{t('service-upgrade.money', { amount: item.retail_price })}</del>
                  ) : null}
                </Radio.Button>
              ))}
            </Radio.Group>
          </section>
        ))}
      </div>
      <CheckoutPanel checkout={checkout} />
    </div>
  );
}

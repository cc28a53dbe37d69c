import { useQuery } from '@tanstack/react-query';
import { Alert, Empty, InputNumber, Radio, Skeleton, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListLoadError } from '../../shared/list/server-table.tsx';
import { useReaderTime } from '../../shared/reader-time.ts';
import { useLanguage } from '../../shared/i18n.ts';
import { checkShopNumber } from './amounts.ts';
import { platformsQuery, priceQuery, systemMenuQuery, type TPlanPlatform } from './api.ts';
import { CheckoutPanel } from './checkout.tsx';
import { useCheckout, type Purchase } from './use-checkout.ts';
import styles from './service-upgrade-page.module.css';

const CUSTOM = 'custom';
const SHOP_NUMBER = 'shop_number';
const CYCLE = 'cycle';

type PackageAttribute = TPlanPlatform['attribute_list'][number];
type Choice = { ppiId?: number; shopNumber?: number | typeof CUSTOM; customShops?: number | null; cycle?: number };

function attributeOf(platform: TPlanPlatform | undefined, code: string): PackageAttribute | undefined {
  return platform?.attribute_list.find((a) => a.attribute_code === code);
}

/** The first item of each attribute, so a price shows as soon as a platform is picked. */
function defaultsFor(platform: TPlanPlatform): Choice {
  return {
    ppiId: platform.ppi_id,
    shopNumber: attributeOf(platform, SHOP_NUMBER)?.attribute_item[0]?.item_value,
    customShops: null,
    cycle: attributeOf(platform, CYCLE)?.attribute_item[0]?.item_value,
  };
}

/** The tenant's plan on the chosen platform: shops, when it ends and how many days are left. */
function CurrentPlan({ platform }: { platform: string }) {
  const { t } = useTranslation();
  const readerTime = useReaderTime();
  const { data, isPending } = useQuery(systemMenuQuery);
  if (isPending) return <Skeleton.Input active block className={styles.currentPlan} />;
  // An ERP plan (system 1) of this platform; plans of the selection product are bought elsewhere.
  const plan = data?.package_list.find((p) => p.system === 1 && p.platform === platform);
  return (
    <Alert
      type={plan && plan.days_remaining > 0 ? 'info' : 'warning'}
      showIcon
      className={styles.currentPlan}
      data-testid="current-plan"
      title={
        plan ? (
          <span>
            {t('service-upgrade.package.currentPlan', {
              platform: plan.platform,
              shops: plan.shop_number,
              date: readerTime.date(plan.package_end_time),
            })}{' '}
            <strong data-testid="current-plan-days">
              {t('service-upgrade.package.daysRemaining', { count: plan.days_remaining })}
            </strong>
          </span>
        ) : (
          t('service-upgrade.package.noPlan', { platform })
        )
      }
    />
  );
}

/** Tab 1, package ordering: platform, shop count and cycle, priced by the server. */
export function PackageTab() {
  const { t } = useTranslation();
  const readerTime = useReaderTime();
  const language = useLanguage();
  const platforms = useQuery(platformsQuery(language));
  const [choice, setChoice] = useState<Choice>({});
  const list = platforms.data ?? [];
  const platform = list.find((p) => p.ppi_id === choice.ppiId) ?? list[0];
  const current: Choice = choice.ppiId === undefined && platform ? defaultsFor(platform) : choice;

  const shopAttribute = attributeOf(platform, SHOP_NUMBER);
  const cycleAttribute = attributeOf(platform, CYCLE);
  const customShops = current.shopNumber === CUSTOM;
  const shopNumber = current.shopNumber === CUSTOM ? checkShopNumber(current.customShops) : current.shopNumber;
  const priced =
    platform && shopNumber !== undefined && current.cycle
      ? { ppi_id: platform.ppi_id, shop_number: shopNumber, cycle: current.cycle }
      : undefined;
  const price = useQuery(priceQuery(priced, language));

  const itemName = (attribute: PackageAttribute | undefined, value: number | string | undefined) =>
    attribute?.attribute_item.find((i) => i.item_value === value)?.item_name ?? String(value ?? '');
  const purchase: Purchase | undefined =
    platform && priced
      ? {
          key: `${priced.ppi_id},${priced.shop_number},${priced.cycle}`,
          item:
            price.data?.title ??
            [
              platform.platform,
              customShops
                ? t('service-upgrade.package.shops', { count: shopNumber as number })
                : itemName(shopAttribute, current.shopNumber),
              itemName(cycleAttribute, current.cycle),
            ].join(' · '),
          price: price.data?.selling_price,
          // docs/product.md: package_id is ppi_id, shop_number and cycle joined with commas.
          order: {
            package_id: `${priced.ppi_id},${priced.shop_number},${priced.cycle}`,
            pay_type: 1,
            params: { platform: platform.platform },
          },
        }
      : undefined;
  const checkout = useCheckout({
    purchase,
    couponUseType: 1,
    invalid: customShops && shopNumber === undefined ? 'service-upgrade.messages.minShops' : undefined,
  });
  // With a coupon chosen, the server prices the choice again with it: the amount due before the order exists.
  const couponPriced =
    priced && checkout.couponId !== undefined ? { ...priced, coupon_id: checkout.couponId } : undefined;
  const due = useQuery(priceQuery(couponPriced, language));
  const change = (patch: Partial<Choice>) => checkout.guard(() => setChoice({ ...current, ...patch }));

  if (platforms.isPending) return <Skeleton active paragraph={{ rows: 8 }} />;
  if (platforms.isError) {
    return (
      <ListLoadError error={platforms.error} onRetry={() => void platforms.refetch()} retrying={platforms.isFetching} />
    );
  }
  if (!platform) return <Empty description={t('service-upgrade.package.none')} />;

  return (
    <div className={styles.layout}>
      <div className={styles.choices}>
        <CurrentPlan platform={platform.platform} />
        <section className={styles.section} aria-labelledby="pick-platform">
          <Typography.Title level={3} className={styles.sectionTitle} id="pick-platform">
            {t('service-upgrade.package.platform')}
          </Typography.Title>
          <Radio.Group
            className={styles.platforms}
            value={platform.ppi_id}
            onChange={(e) => {
              const next = list.find((p) => p.ppi_id === e.target.value);
              if (next) checkout.guard(() => setChoice(defaultsFor(next)));
            }}
            aria-labelledby="pick-platform"
          >
            {list.map((p) => (
              <Radio.Button key={p.ppi_id} value={p.ppi_id} className={styles.platform}>
                <span className={styles.platformBody} data-testid={`platform-${p.ppi_id}`}>
                  {p.platform_image_url ? (
                    <img src={p.platform_image_url} alt="" className={styles.platformImage} width={28} height={28} />
                  ) : null}
                  <span>{p.platform}</span>
                </span>
              </Radio.Button>
            ))}
          </Radio.Group>
        </section>
        {shopAttribute ? (
          <section className={styles.section} aria-labelledby="pick-shops">
            <Typography.Title level={3} className={styles.sectionTitle} id="pick-shops">
              {shopAttribute.attribute_name || t('service-upgrade.package.shopNumber')}
            </Typography.Title>
            <div className={styles.optionRow}>
              <Radio.Group
                optionType="button"
                value={current.shopNumber}
                onChange={(e) => change({ shopNumber: e.target.value as number | typeof CUSTOM })}
                options={[
                  ...shopAttribute.attribute_item.map((i) => ({ value: i.item_value, label: i.item_name })),
                  ...(shopAttribute.custom_status === 1
                    ? [{ value: CUSTOM, label: t('service-upgrade.package.custom') }]
                    : []),
                ]}
                aria-labelledby="pick-shops"
                data-testid="shop-number"
              />
              {customShops ? (
                <InputNumber
                  min={1}
                  precision={0}
                  value={current.customShops}
                  onChange={(value) => change({ customShops: value })}
                  placeholder={t('service-upgrade.package.customShops')}
                  aria-label={t('service-upgrade.package.customShops')}
                  status={current.customShops !== null && shopNumber === undefined ? 'error' : undefined}
                  className={styles.customInput}
                  data-testid="custom-shops"
                />
              ) : null}
            </div>
            {customShops && current.customShops !== null && shopNumber === undefined ? (
              <Typography.Text type="danger" role="alert">
                {t('service-upgrade.messages.minShops')}
              </Typography.Text>
            ) : null}
          </section>
        ) : null}
        {cycleAttribute ? (
          <section className={styles.section} aria-labelledby="pick-cycle">
            <Typography.Title level={3} className={styles.sectionTitle} id="pick-cycle">
              {cycleAttribute.attribute_name || t('service-upgrade.package.cycle')}
            </Typography.Title>
            <Radio.Group
              optionType="button"
              value={current.cycle}
              onChange={(e) => change({ cycle: e.target.value as number })}
              options={cycleAttribute.attribute_item.map((i) => ({ value: i.item_value, label: i.item_name }))}
              aria-labelledby="pick-cycle"
              data-testid="cycle"
            />
          </section>
        ) : null}
        <section className={styles.priceCard} aria-live="polite" data-testid="package-price">
          {price.isFetching && !price.data ? (
            <Skeleton.Input active size="small" />
          ) : price.data ? (
            <>
              <span className={styles.priceTitle}>{price.data.title}</span>
              <span className={styles.priceNow} data-testid="price-selling">
                {t('service-upgrade.money', { amount: price.data.selling_price })}
              </span>
              {price.data.original_price !== price.data.selling_price ? (
                <del className={styles.priceWas} data-testid="price-original">
                  {t('service-upgrade.money', { amount: price.data.original_price })}
                </del>
              ) : null}
              <span className={styles.note} data-testid="price-after">
                {t('service-upgrade.package.afterPaying', {
                  platform: platform.platform,
                  shops: price.data.shop_number_after,
                  date: readerTime.date(price.data.expire_at_after),
                })}
              </span>
            </>
          ) : (
            <Typography.Text type="secondary">{t('service-upgrade.package.pickToPrice')}</Typography.Text>
          )}
        </section>
        <Typography.Text type="secondary" className={styles.note}>
          {t('service-upgrade.package.stackNote')}
        </Typography.Text>
      </div>
      <CheckoutPanel checkout={checkout} due={couponPriced ? due.data : undefined} />
    </div>
  );
}

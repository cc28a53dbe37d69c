import type { TCoupon } from '@seller-centre/contract/coupons';
import { useQuery } from '@tanstack/react-query';
import { Empty, Skeleton, Tabs, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useReaderTime } from '../../shared/reader-time.ts';
import { couponsQuery, type CouponStatus } from './api/coupons.ts';
import { discountText, useTypeKeys, type RateStyle } from './coupon-text.ts';
import styles from './coupons-page.module.css';

const TABS: readonly CouponStatus[] = [0, 1, 2];

function CouponCard({ coupon, status }: { coupon: TCoupon; status: CouponStatus }) {
  const { t } = useTranslation();
  const readerTime = useReaderTime();
  const rateStyle: RateStyle = t('coupons.discount.rateStyle') === 'zhe' ? 'zhe' : 'percent';
  const { headline, condition } = discountText(coupon, rateStyle);
  const { useType, detail } = useTypeKeys(coupon);
  const inactive = status !== 0;
  return (
    <article className={`${styles.coupon} ${inactive ? styles.inactive : ''}`} data-testid="coupon-card">
      <div className={styles.stub}>
        <span className={styles.headline} data-testid="coupon-discount">
          {t(headline.key, headline.values)}
        </span>
        <span className={styles.condition}>{t(condition.key, condition.values)}</span>
      </div>
      <div className={styles.body}>
        <h3 className={styles.title} title={coupon.title} data-testid="coupon-title">
          {coupon.title}
        </h3>
        <div className={styles.tags}>
          <Tag color={inactive ? 'default' : 'processing'}>{t(useType)}</Tag>
          {detail ? <Tag>{t(detail)}</Tag> : null}
          <Tag>{t(coupon.system_type === 2 ? 'coupons.system.selection' : 'coupons.system.erp')}</Tag>
        </div>
        <div className={styles.expiry}>
          {t('coupons.expiresAt', { time: readerTime.dateTime(coupon.expiration_time) })}
        </div>
      </div>
      {inactive ? (
        <span className={styles.stamp}>{t(status === 1 ? 'coupons.stamp.used' : 'coupons.stamp.expired')}</span>
      ) : null}
    </article>
  );
}

function CouponList({ status }: { status: CouponStatus }) {
  const { t } = useTranslation();
  const { data, isPending, isError } = useQuery(couponsQuery(status));
  if (isPending) {
    return (
      <div className={styles.grid}>
        {[0, 1, 2].map((i) => (
          <Skeleton.Node key={i} active style={{ width: '100%', height: 132 }} />
        ))}
      </div>
    );
  }
  if (isError || data.length === 0) {
    return <Empty className={styles.empty} description={t('coupons.empty')} data-testid="coupons-empty" />;
  }
  return (
    <div className={styles.grid} data-testid={`coupon-list-${status}`}>
      {data.map((coupon) => (
        <CouponCard key={coupon.id} coupon={coupon} status={status} />
      ))}
    </div>
  );
}

/** 'My coupons' (docs/product.md "Coupon page"): tabs not used (0), used (1), expired (2). */
export function CouponsPage() {
  const { t } = useTranslation();
  const [status, setStatus] = useState<CouponStatus>(0);
  return (
    <div data-testid="coupons-page">
      <Tabs
        activeKey={String(status)}
        onChange={(key) => setStatus(Number(key) as CouponStatus)}
        items={TABS.map((tab) => ({
          key: String(tab),
          label: <span data-testid={`coupon-tab-${tab}`}>{t(`coupons.tabs.${tab}`)}</span>,
        }))}
      />
      <CouponList status={status} />
    </div>
  );
}

import { AlipayCircleFilled, QrcodeOutlined } from '@ant-design/icons';
import { Button, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { couponDiscountText } from './coupon-label.ts';
import { PaymentDialog } from './payment-dialog.tsx';
import { PaymentTermsCheckbox } from './payment-terms.tsx';
import styles from './service-upgrade-page.module.css';
import type { Checkout } from './use-checkout.ts';

/** What the server says the order will charge after the chosen coupon, before the order exists. */
export type CheckoutDue = { discount: string; amount: string };

/** The checkout card: coupon, price (and, with a coupon the server priced, the discount and amount due), terms, pay method. */
export function CheckoutPanel({ checkout, due }: { checkout: Checkout; due?: CheckoutDue }) {
  const { t } = useTranslation();
  const { purchase } = checkout;
  const waitingForPayment = checkout.payMethod && checkout.flow.status !== 'idle' && !checkout.dialogOpen;
  return (
    <aside className={styles.checkout} aria-label={t('service-upgrade.checkout.title')} data-testid="checkout">
      <Typography.Title level={2} className={styles.checkoutTitle}>
        {t('service-upgrade.checkout.title')}
      </Typography.Title>
      <dl className={styles.checkoutFacts}>
        <div>
          <dt>{t('service-upgrade.checkout.item')}</dt>
          <dd data-testid="checkout-item">{purchase?.item ?? t('service-upgrade.checkout.nothing')}</dd>
        </div>
        <div>
          <dt>{t('service-upgrade.checkout.price')}</dt>
          <dd className={purchase?.price !== undefined ? styles.checkoutPrice : undefined} data-testid="checkout-price">
            {purchase?.price !== undefined ? t('service-upgrade.money', { amount: purchase.price }) : '-'}
          </dd>
        </div>
        {due && due.discount !== '0.00' ? (
          <>
            <div>
              <dt>{t('service-upgrade.pay.discount')}</dt>
              <dd data-testid="checkout-discount">-{t('service-upgrade.money', { amount: due.discount })}</dd>
            </div>
            <div>
              <dt>{t('service-upgrade.pay.amountDue')}</dt>
              <dd className={styles.checkoutPrice} data-testid="checkout-amount">
                {t('service-upgrade.money', { amount: due.amount })}
              </dd>
            </div>
          </>
        ) : null}
      </dl>
      <label className={styles.field}>
        <span className={styles.fieldLabel}>{t('service-upgrade.coupon.label')}</span>
        <Select<number>
          allowClear
          value={checkout.couponId}
          onChange={(id) => checkout.setCouponId(id)}
          placeholder={t(
            checkout.coupons.length ? 'service-upgrade.coupon.placeholder' : 'service-upgrade.coupon.none',
          )}
          disabled={checkout.coupons.length === 0}
          loading={checkout.couponsLoading}
          options={checkout.coupons.map((c) => {
            const discount = couponDiscountText(c);
            return { value: c.id, label: `${c.title} · ${t(discount.key, discount.values)}` };
          })}
          aria-label={t('service-upgrade.coupon.label')}
          data-testid="coupon-select"
        />
      </label>
      <Typography.Text type="secondary" className={styles.checkoutHint}>
        {t('service-upgrade.checkout.serverPrice')}
      </Typography.Text>
      <PaymentTermsCheckbox checked={checkout.termsAccepted} onChange={checkout.setTermsAccepted} />
      <div className={styles.field}>
        <span className={styles.fieldLabel} id="pay-method-label">
          {t('service-upgrade.checkout.payMethod')}
        </span>
        <Button
          size="large"
          block
          className={checkout.payMethod ? styles.payMethodChosen : styles.payMethod}
          icon={<AlipayCircleFilled className={styles.alipayIcon} aria-hidden />}
          onClick={checkout.choosePayMethod}
          aria-describedby="pay-method-label"
          aria-pressed={checkout.payMethod === 'alipay'}
          loading={checkout.flow.status === 'creating'}
          data-testid="pay-alipay"
        >
          {t('service-upgrade.checkout.alipay')}
        </Button>
        {waitingForPayment ? (
          <Button type="link" icon={<QrcodeOutlined />} onClick={checkout.reopen} data-testid="pay-reopen">
            {t('service-upgrade.checkout.reopen')}
          </Button>
        ) : null}
      </div>
      <PaymentDialog
        open={checkout.dialogOpen}
        flow={checkout.flow}
        summary={{ item: purchase?.item ?? '', amount: due?.amount ?? purchase?.price }}
        onRegenerate={checkout.regenerate}
        onRetry={checkout.retry}
        onClose={checkout.closeDialog}
      />
    </aside>
  );
}

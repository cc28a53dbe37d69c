import { CheckCircleFilled, LoadingOutlined, ReloadOutlined } from '@ant-design/icons';
import { Button, Modal, Spin, Typography } from 'antd';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { isSandboxCashier } from './payment-polling.ts';
import type { PayFlow } from './use-pay-flow.ts';
import styles from './service-upgrade-page.module.css';

const QrImage = lazy(() => import('./qr-image.tsx').then((m) => ({ default: m.QrImage })));

const QR_SIZE = 200;

type Props = {
  open: boolean;
  flow: PayFlow;
  /** What is being bought and its price before any coupon, as the checkout shows it (until the order answers). */
  summary: { item: string; amount?: string };
  onRegenerate: () => void;
  onRetry: () => void;
  onClose: () => void;
};

/**
 * The QR code of one order, with its state: waiting (asked every 3 s), paid, expired after
 * 5 minutes (regenerate), or a failed check (retry). Closing it stops the asking.
 */
export function PaymentDialog({ open, flow, summary, onRegenerate, onRetry, onClose }: Props) {
  const { t } = useTranslation();
  const order = 'order' in flow ? flow.order : undefined;
  const stale = flow.status === 'expired' || flow.status === 'failed';
  // Once the order exists, the amount is the server's: after the coupon, what the code charges.
  const amount = order?.amount ?? summary.amount;
  const discounted = order?.discount !== undefined && order.original_price !== undefined && order.discount !== '0.00';
  return (
    <Modal
      open={open}
      width={460}
      title={t('service-upgrade.pay.title')}
      onCancel={onClose}
      footer={null}
      destroyOnHidden
      maskClosable={false}
    >
      <div className={styles.payDialog} data-testid="payment-dialog" data-status={flow.status}>
        <dl className={styles.payFacts}>
          <div>
            <dt>{t('service-upgrade.pay.item')}</dt>
            <dd data-testid="pay-item">{summary.item}</dd>
          </div>
          {discounted ? (
            <>
              <div>
                <dt>{t('service-upgrade.pay.originalPrice')}</dt>
                <dd data-testid="pay-original-price">{t('service-upgrade.money', { amount: order.original_price })}</dd>
              </div>
              <div>
                <dt>{t('service-upgrade.pay.discount')}</dt>
                <dd data-testid="pay-discount">-{t('service-upgrade.money', { amount: order.discount })}</dd>
              </div>
            </>
          ) : null}
          {amount !== undefined ? (
            <div>
              <dt>{t(order?.amount !== undefined ? 'service-upgrade.pay.amountDue' : 'service-upgrade.pay.amount')}</dt>
              <dd className={styles.payAmount} data-testid="pay-amount">
                {t('service-upgrade.money', { amount })}
              </dd>
            </div>
          ) : null}
          {order ? (
            <div>
              <dt>{t('service-upgrade.pay.orderCode')}</dt>
              <dd data-testid="pay-order-code">{order.order_code}</dd>
            </div>
          ) : null}
        </dl>
        <div className={styles.qrFrame} style={{ width: QR_SIZE + 24, height: QR_SIZE + 24 }}>
          {order ? (
            <Suspense fallback={<Spin />}>
              <QrImage value={order.qrcode} size={QR_SIZE} title={t('service-upgrade.pay.qrAlt')} />
            </Suspense>
          ) : null}
          {flow.status === 'creating' ? (
            <div className={styles.qrOverlay}>
              <Spin />
            </div>
          ) : null}
          {flow.status === 'paid' ? (
            <div className={styles.qrOverlay} data-testid="pay-paid">
              <CheckCircleFilled className={styles.paidIcon} aria-hidden />
              <span>{t('service-upgrade.messages.paySuccess')}</span>
            </div>
          ) : null}
          {stale ? (
            <div className={styles.qrOverlay} data-testid="pay-stale">
              <span className={styles.staleTitle}>
                {t(flow.status === 'expired' ? 'service-upgrade.pay.expired' : 'service-upgrade.pay.checkFailed')}
              </span>
              <Button
                type="primary"
                size="small"
                icon={<ReloadOutlined />}
                onClick={flow.status === 'expired' ? onRegenerate : onRetry}
                data-testid="pay-refresh"
              >
                {t(flow.status === 'expired' ? 'service-upgrade.pay.regenerate' : 'service-upgrade.pay.retry')}
              </Button>
            </div>
          ) : null}
        </div>
        <Typography.Text type="secondary" className={styles.payHint} data-testid="pay-hint">
          {flow.status === 'waiting' ? (
            <>
              <LoadingOutlined aria-hidden /> {t('service-upgrade.pay.waiting')}
            </>
          ) : (
            t('service-upgrade.pay.scan')
          )}
        </Typography.Text>
        <div className={styles.cashierSlot}>
          {order && flow.status === 'waiting' && isSandboxCashier(order.qrcode) ? (
            <Typography.Link href={order.qrcode} target="_blank" rel="noopener" data-testid="pay-cashier-link">
              {t('service-upgrade.pay.openCashier')}
            </Typography.Link>
          ) : null}
        </div>
      </div>
    </Modal>
  );
}

import { CheckCircleFilled, LoadingOutlined, ReloadOutlined } from '@ant-design/icons';
import { App, Button, Checkbox, Input, Modal, Spin, Typography } from 'antd';
import { QRCodeSVG } from 'qrcode.react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { createRecharge, rechargeState } from './money-api.ts';
import { isAmount, PAY_SUCCESS_SECONDS, RECHARGE_POLL_MS, rechargeExpired } from './money-rules.ts';
import styles from './money.module.css';

type Order = { qrcode: string; orderNumber: string; amount: string };
type Stage =
  | { kind: 'form' }
  | { kind: 'creating' }
  | { kind: 'waiting'; order: Order; startedAt: number }
  | { kind: 'expired'; order: Order }
  | { kind: 'paid'; order: Order };

type Props = {
  open: boolean;
  wwsId: number;
  providerName: string;
  onClose: () => void;
  /** After a payment: the balance and the fee flow are refreshed by the page. */
  onPaid: () => void;
};

/** The sandbox's cashier page (the local stand-in of the provider's payment page). */
function isSandboxCashier(url: string): boolean {
  try {
    return new URL(url, 'http://localhost').pathname === '/dev/pay';
  } catch {
    return false;
  }
}

/**
 * Online top-up (docs/product.md): an amount from 0.01 and the service agreement,
 * then a real QR code of the payment; its state is asked every 3 s for 5 minutes. Paid: '付款成功~'
 * for 5 s, the dialog closes and the page refreshes. A failed creation clears the code and asks
 * nothing.
 */
export function OnlineTopUpDialog({ open, wwsId, providerName, onClose, onPaid }: Props) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [amount, setAmount] = useState('');
  const [agreed, setAgreed] = useState(false);
  const [stage, setStage] = useState<Stage>({ kind: 'form' });
  /** Closing forgets the amount and the code: the next opening starts a new top-up. */
  const close = () => {
    setStage({ kind: 'form' });
    setAmount('');
    setAgreed(false);
    onClose();
  };
  const callbacks = useRef({ onPaid, close });
  useEffect(() => {
    callbacks.current = { onPaid, close };
  });

  const waiting = stage.kind === 'waiting' ? stage : undefined;
  useEffect(() => {
    if (!waiting || !open) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const controller = new AbortController();
    const step = () => {
      if (stopped) return;
      if (rechargeExpired(waiting.startedAt, Date.now())) {
        setStage({ kind: 'expired', order: waiting.order });
        return;
      }
      rechargeState(wwsId, waiting.order.orderNumber, controller.signal).then(
        (state) => {
          if (stopped) return;
          if (state === 'waiting') {
            timer = setTimeout(step, RECHARGE_POLL_MS);
            return;
          }
          // Closed (expired or cancelled): this code takes no money any more; offer a new one.
          if (state === 'closed') {
            setStage({ kind: 'expired', order: waiting.order });
            return;
          }
          setStage({ kind: 'paid', order: waiting.order });
          void message.success({ content: t('warehouse-money.online.paid'), duration: PAY_SUCCESS_SECONDS });
          callbacks.current.onPaid();
        },
        () => {
          // A failed check is tried again at the next tick, within the same 5 minutes.
          if (!stopped) timer = setTimeout(step, RECHARGE_POLL_MS);
        },
      );
    };
    timer = setTimeout(step, RECHARGE_POLL_MS);
    return () => {
      stopped = true;
      clearTimeout(timer);
      controller.abort();
    };
  }, [waiting, open, wwsId, message, t]);

  // Paid: the success stays in view a moment, then the dialog closes (the page reloads the balance).
  const paid = stage.kind === 'paid';
  useEffect(() => {
    if (!paid) return;
    const timer = setTimeout(() => callbacks.current.close(), 1_500);
    return () => clearTimeout(timer);
  }, [paid]);

  const generate = async () => {
    if (!isAmount(amount) || !agreed) {
      void message.warning(t('warehouse-money.online.needAmountAndAgreement'));
      return;
    }
    const value = amount.trim();
    setStage({ kind: 'creating' });
    try {
      const answer = await createRecharge(wwsId, value);
      setStage({
        kind: 'waiting',
        order: { qrcode: answer.barcodeShowUrlContent, orderNumber: answer.orderNumber, amount: value },
        startedAt: Date.now(),
      });
    } catch {
      // The API client has said why; the code is cleared and nothing is asked.
      setStage({ kind: 'form' });
    }
  };

  const order = 'order' in stage ? stage.order : undefined;
  return (
    <Modal
      open={open}
      title={t('warehouse-money.online.title')}
      onCancel={close}
      footer={null}
      width={480}
      destroyOnHidden
      maskClosable={false}
    >
      <div className={styles.dialogBody} data-testid="online-top-up" data-stage={stage.kind}>
        <Typography.Text type="secondary">{t('warehouse-money.provider', { name: providerName })}</Typography.Text>
        {!order ? (
          <>
            <label className={styles.toolbar}>
              <span>{t('warehouse-money.online.amount')}</span>
              <Input
                className={styles.grow}
                value={amount}
                inputMode="decimal"
                maxLength={14}
                suffix={t('warehouse-money.yuan')}
                placeholder={t('warehouse-money.online.amountPlaceholder')}
                onChange={(e) => setAmount(e.target.value)}
                onPressEnter={() => void generate()}
                data-testid="online-amount"
              />
            </label>
            <Checkbox checked={agreed} onChange={(e) => setAgreed(e.target.checked)} data-testid="online-agree">
              {t('warehouse-money.online.agreement')}
            </Checkbox>
            <Typography.Text className={styles.hint}>{t('warehouse-money.online.arrival')}</Typography.Text>
            <Button
              type="primary"
              loading={stage.kind === 'creating'}
              onClick={() => void generate()}
              data-testid="online-generate"
            >
              {t('warehouse-money.online.generate')}
            </Button>
          </>
        ) : (
          <div className={styles.payBox}>
            <dl className={styles.facts}>
              <dt>{t('warehouse-money.online.amount')}</dt>
              <dd className={styles.amount} data-testid="online-order-amount">
                {t('warehouse-money.money', { amount: order.amount })}
              </dd>
              <dt>{t('warehouse-money.online.orderNumber')}</dt>
              <dd data-testid="online-order-number">{order.orderNumber}</dd>
            </dl>
            <div className={styles.qrFrame}>
              <QRCodeSVG
                value={order.qrcode}
                size={200}
                marginSize={2}
                level="M"
                title={t('warehouse-money.online.qrAlt')}
                role="img"
                data-testid="online-qr"
              />
              {stage.kind === 'paid' ? (
                <div className={styles.qrOverlay} data-testid="online-paid">
                  <CheckCircleFilled className={styles.paidIcon} aria-hidden />
                  <span>{t('warehouse-money.online.paid')}</span>
                </div>
              ) : null}
              {stage.kind === 'expired' ? (
                <div className={styles.qrOverlay} data-testid="online-expired">
                  <span>{t('warehouse-money.online.expired')}</span>
                  <Button
                    type="primary"
                    size="small"
                    icon={<ReloadOutlined />}
                    onClick={() => void generate()}
                    data-testid="online-regenerate"
                  >
                    {t('warehouse-money.online.regenerate')}
                  </Button>
                </div>
              ) : null}
            </div>
            <Typography.Text className={styles.hint}>
              {stage.kind === 'waiting' ? (
                <>
                  <LoadingOutlined aria-hidden /> {t('warehouse-money.online.waiting')}
                </>
              ) : (
                t('warehouse-money.online.scan')
              )}
            </Typography.Text>
            {stage.kind === 'waiting' && isSandboxCashier(order.qrcode) ? (
              <Typography.Link href={order.qrcode} target="_blank" rel="noopener" data-testid="online-cashier-link">
                {t('warehouse-money.online.openCashier')}
              </Typography.Link>
            ) : null}
            {stage.kind === 'creating' ? <Spin /> : null}
          </div>
        )}
      </div>
    </Modal>
  );
}

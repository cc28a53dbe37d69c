import { Spin, Typography } from 'antd';
import { QRCodeSVG } from 'qrcode.react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './qr-code-panel.module.css';
import { isSimulatorUrl, type QrState } from './qr-state.ts';

type QrCodePanelProps = {
  state: QrState;
  onRefresh: () => void;
  /** Under the code, e.g. 'scan with WeChat to sign in'. */
  caption: ReactNode;
  size?: number;
};

/** The QR code with its loading, expired ('click to refresh') and scanned states. */
export function QrCodePanel({ state, onRefresh, caption, size = 184 }: QrCodePanelProps) {
  const { t } = useTranslation();
  const code = state.status === 'loading' || state.status === 'failed' ? undefined : state.code;
  const stale = state.status === 'expired' || state.status === 'failed';

  return (
    <div className={styles.panel} data-testid="wechat-qr" data-status={state.status}>
      <div className={styles.frame} style={{ width: size + 24, height: size + 24 }}>
        {code ? (
          code.image_url ? (
            <img src={code.image_url} width={size} height={size} alt={t('common.qr.alt')} />
          ) : (
            <QRCodeSVG value={code.url} size={size} marginSize={0} title={t('common.qr.alt')} />
          )
        ) : null}
        {state.status === 'loading' ? (
          <div className={styles.overlay}>
            <Spin />
          </div>
        ) : null}
        {state.status === 'scanned' ? (
          <div className={styles.overlay}>
            <Spin />
            <span>{t('common.qr.scanned')}</span>
          </div>
        ) : null}
        {stale ? (
          <button
            type="button"
            className={`${styles.overlay} ${styles.clickable}`}
            onClick={onRefresh}
            data-testid="wechat-qr-refresh"
          >
            <span className={styles.staleTitle}>
              {t(state.status === 'failed' ? 'common.qr.failed' : 'common.qr.expired')}
            </span>
            {/* Looks like a button; the whole overlay is the one button (no button inside a button). */}
            <span className={styles.refreshPill}>{t('common.qr.refresh')}</span>
          </button>
        ) : null}
      </div>
      <Typography.Text type="secondary" className={styles.caption}>
        {caption}
      </Typography.Text>
      {/* The line below the code keeps its height whether or not there is a link in it, so the
          card does not jump when the code arrives or expires. */}
      <div className={styles.linkSlot}>
        {code && state.status === 'active' && isSimulatorUrl(code.url) ? (
          <Typography.Link
            href={code.url}
            target="_blank"
            rel="noopener"
            className={styles.simulator}
            data-testid="wechat-simulator-link"
          >
            {t('common.qr.openSimulator')}
          </Typography.Link>
        ) : null}
      </div>
    </div>
  );
}

import { Spin } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { appConfig } from '../../shared/app-config.ts';
import { useUserInfo } from '../../shared/current-user.ts';
import { useLanguage } from '../../shared/i18n.ts';
import { earnMoneyUrl } from './earn-money-url.ts';
import styles from './earn-money-page.module.css';

/** 'Earn money': the partner programme's landing page in a frame (VITE_EARN_MONEY_URL). */
export function EarnMoneyPage() {
  const { t } = useTranslation();
  const user = useUserInfo();
  const language = useLanguage();
  const src = earnMoneyUrl(appConfig.earnMoneyUrl, user, language, window.location.origin);
  const [loadedSrc, setLoadedSrc] = useState<string>();
  return (
    <div className={styles.frameBox} data-testid="earn-money">
      {loadedSrc !== src ? (
        <div className={styles.loading}>
          <Spin />
        </div>
      ) : null}
      <iframe
        key={src}
        src={src}
        title={t('layout.modules.earnMoney')}
        className={styles.frame}
        onLoad={() => setLoadedSrc(src)}
        referrerPolicy="strict-origin-when-cross-origin"
        data-testid="earn-money-frame"
      />
    </div>
  );
}

import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';
import styles from './route-error.module.css';

/**
 * A page that threw or whose code failed to load (often a new release): offer a reload. It is part
 * of the first load of every page, so it is drawn in plain HTML and CSS (no antd).
 */
export function RouteError() {
  const { t } = useTranslation();
  const error = useRouteError();
  if (import.meta.env.DEV) console.error(error);
  return (
    <div className={styles.page} data-testid="route-error">
      <div className={styles.box}>
        <svg viewBox="0 0 24 24" width="72" height="72" aria-hidden="true" focusable="false" className={styles.icon}>
          <path
            fill="currentColor"
            d="M12 2a10 10 0 1 1 0 20 10 10 0 0 1 0-20Zm3.5 5.1L12 10.6 8.5 7.1 7.1 8.5l3.5 3.5-3.5 3.5 1.4 1.4 3.5-3.5 3.5 3.5 1.4-1.4-3.5-3.5 3.5-3.5-1.4-1.4Z"
          />
        </svg>
        <h3 className={styles.title}>{t('errors.pageFailed')}</h3>
        <p className={styles.hint}>{t('errors.pageFailedHint')}</p>
        <button type="button" className={styles.button} onClick={() => window.location.reload()}>
          {t('common.reload')}
        </button>
      </div>
    </div>
  );
}

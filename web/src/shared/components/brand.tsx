import { useTranslation } from 'react-i18next';
import styles from './brand.module.css';

type BrandProps = {
  /** 'light' on the dark login background. */
  tone?: 'default' | 'light';
};

/** The product mark and name, as the header of every shell shows it. */
export function Brand({ tone = 'default' }: BrandProps) {
  const { t } = useTranslation();
  return (
    <span className={`${styles.brand} ${tone === 'light' ? styles.light : ''}`}>
      <svg className={styles.mark} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
        <rect width="32" height="32" rx="8" className={styles.markBackground} />
        <path
          d="M9 20.5c1.3 1.6 3.6 2.5 6.3 2.5 3.7 0 6.2-1.8 6.2-4.6 0-2.5-1.7-3.7-5.6-4.5-2.8-.6-3.6-1.1-3.6-2.2 0-1.1 1.1-1.9 2.9-1.9 1.6 0 2.9.6 3.9 1.7l1.9-1.9C19.6 8 17.6 7 15.2 7c-3.4 0-5.9 1.9-5.9 4.6 0 2.6 1.8 3.8 5.6 4.6 2.8.6 3.6 1.1 3.6 2.2 0 1.2-1.2 2-3.2 2-1.9 0-3.5-.7-4.5-2l-1.8 2.1Z"
          fill="#ffffff"
        />
      </svg>
      <span className={styles.name}>{t('common.productName')}</span>
    </span>
  );
}

import { useTranslation } from 'react-i18next';
import { currentBrand, type BrandId } from '../brand/brands.ts';
import styles from './brand.module.css';

type BrandProps = {
  /** 'light' on the dark login background. */
  tone?: 'default' | 'light';
};

function SellerCentreMark() {
  return (
    <svg className={styles.mark} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="8" className={styles.markBackground} />
      <path
        d="M9 20.5c1.3 1.6 3.6 2.5 6.3 2.5 3.7 0 6.2-1.8 6.2-4.6 0-2.5-1.7-3.7-5.6-4.5-2.8-.6-3.6-1.1-3.6-2.2 0-1.1 1.1-1.9 2.9-1.9 1.6 0 2.9.6 3.9 1.7l1.9-1.9C19.6 8 17.6 7 15.2 7c-3.4 0-5.9 1.9-5.9 4.6 0 2.6 1.8 3.8 5.6 4.6 2.8.6 3.6 1.1 3.6 2.2 0 1.2-1.2 2-3.2 2-1.9 0-3.5-.7-4.5-2l-1.8 2.1Z"
        fill="#ffffff"
      />
    </svg>
  );
}

/** The partner variant: a sail on an amber tile. */
function TradewindMark() {
  return (
    <svg className={styles.mark} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="16" fill="#f59e0b" />
      <path d="M15 6.5 8 21h7V6.5Z" fill="#ffffff" />
      <path d="M17 9.5 24.5 21H17V9.5Z" fill="#ffffff" opacity="0.75" />
      <path d="M7 23h18l-2.2 3H9.2L7 23Z" fill="#1e3a8a" />
    </svg>
  );
}

const MARKS: Record<BrandId, () => React.JSX.Element> = {
  'seller-centre': SellerCentreMark,
  tradewind: TradewindMark,
};

/** The company variant's mark and product name, as the header of every shell shows it. */
export function Brand({ tone = 'default' }: BrandProps) {
  const { t } = useTranslation();
  const Mark = MARKS[currentBrand.id];
  return (
    <span
      className={`${styles.brand} ${tone === 'light' ? styles.light : ''}`}
      data-testid="brand"
      data-brand={currentBrand.id}
    >
      <Mark />
      <span className={styles.name}>{t(currentBrand.nameKey)}</span>
    </span>
  );
}

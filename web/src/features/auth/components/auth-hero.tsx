import { useTranslation } from 'react-i18next';
import { currentBrand } from '../../../shared/brand/brands.ts';
import styles from '../auth-pages.module.css';
import { CheckIcon } from './icons.tsx';

const BENEFITS = ['oneAccount', 'platforms', 'team'] as const;

/** The left half of the register and reset pages: what the product is for. */
export function AuthHero() {
  const { t } = useTranslation();
  return (
    <section className={styles.hero}>
      <p className={styles.heroTitle}>{t(currentBrand.nameKey)}</p>
      <p className={styles.heroText}>{t('common.tagline')}</p>
      <ul className={styles.benefits}>
        {BENEFITS.map((key) => (
          <li key={key}>
            <span className={styles.benefitIcon}>
              <CheckIcon />
            </span>
            {t(`auth.benefits.${key}`)}
          </li>
        ))}
      </ul>
    </section>
  );
}

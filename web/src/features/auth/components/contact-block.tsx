import { useTranslation } from 'react-i18next';
import { currentBrand } from '../../../shared/brand/brands.ts';
import styles from './contact-block.module.css';

function Icon({ d }: { d: string }) {
  return (
    <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false">
      <path fill="currentColor" d={d} />
    </svg>
  );
}

const PHONE =
  'M6.6 10.8a15.1 15.1 0 0 0 6.6 6.6l2.2-2.2a1 1 0 0 1 1-.25 11.4 11.4 0 0 0 3.6.57 1 1 0 0 1 1 1V20a1 1 0 0 1-1 1A17 17 0 0 1 3 4a1 1 0 0 1 1-1h3.5a1 1 0 0 1 1 1c0 1.25.2 2.45.57 3.57a1 1 0 0 1-.25 1l-2.2 2.23Z';
const MAIL =
  'M4 4h16a2 2 0 0 1 2 2v12a2 2 0 0 1-2 2H4a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2Zm0 4v10h16V8l-8 5-8-5Zm0-2 8 5 8-5H4Z';
const CLOCK =
  'M12 2a10 10 0 1 1 0 20 10 10 0 0 1 0-20Zm0 2a8 8 0 1 0 0 16 8 8 0 0 0 0-16Zm1 3v5.4l3.7 2.2-1 1.7L11 13.5V7h2Z';

/** The login page's contact block: the company variant's service line, e-mail and hours. */
export function ContactBlock() {
  const { t } = useTranslation();
  const { phone, email, hoursKey } = currentBrand.contact;
  return (
    <section className={styles.block} aria-label={t('auth.contact.title')} data-testid="contact-block">
      <span className={styles.title}>{t('auth.contact.title')}</span>
      <a className={styles.item} href={`tel:${phone.replace(/[^\d+]/g, '')}`}>
        <Icon d={PHONE} />
        {phone}
      </a>
      <a className={styles.item} href={`mailto:${email}`}>
        <Icon d={MAIL} />
        {email}
      </a>
      <span className={styles.item}>
        <Icon d={CLOCK} />
        {t(hoursKey)}
      </span>
    </section>
  );
}

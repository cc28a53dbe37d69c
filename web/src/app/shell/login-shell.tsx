import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { currentBrand } from '../../shared/brand/brands.ts';
import { Brand } from '../../shared/components/brand.tsx';
import { LanguageChooser } from '../../shared/components/language-chooser.tsx';
import { PageSpinner } from '../../shared/components/page-spinner.tsx';
import styles from './login-shell.module.css';

/** The frame of the signed-out pages (login, register, forgotten password). */
export function LoginShell() {
  const { t } = useTranslation();
  return (
    <div className={styles.page} data-testid="login-shell">
      <a className="skip-link" href="#auth-form">
        {t('common.skipToContent')}
      </a>
      <header className={styles.topbar}>
        <Brand tone="light" />
        <LanguageChooser tone="light" />
      </header>
      <main className={styles.main}>
        <Suspense fallback={<PageSpinner />}>
          <Outlet />
        </Suspense>
      </main>
      <footer className={styles.footer} data-testid="copyright">
        {t(currentBrand.copyrightKey, { year: new Date().getFullYear() })}
      </footer>
    </div>
  );
}

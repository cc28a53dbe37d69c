import { webPaths } from '@seller-centre/contract/paths';
import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Brand } from '../shared/components/brand.tsx';
import { LanguageChooser } from '../shared/components/language-chooser.tsx';
import styles from './not-found-page.module.css';

/** Any unknown route (docs/product.md "Not-found page"). */
export function NotFoundPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <div className={styles.page} data-testid="not-found">
      <header className={styles.topbar}>
        <Brand />
        <LanguageChooser />
      </header>
      <main className={styles.main}>
        <Result
          status="404"
          title={<h1 className={styles.code}>404</h1>}
          subTitle={t('common.notFound')}
          extra={
            // A real link (right-click, open in a new tab) that still navigates inside the app.
            <Button
              type="primary"
              href={webPaths.root}
              data-testid="not-found-home-link"
              onClick={(event) => {
                event.preventDefault();
                void navigate(webPaths.root);
              }}
            >
              {t('common.backHome')}
            </Button>
          }
        />
      </main>
    </div>
  );
}

import { webPaths } from '@seller-centre/contract/paths';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearchParams } from 'react-router';
import { appConfig } from '../../shared/app-config.ts';
import { currentBrand } from '../../shared/brand/brands.ts';
import { PageSpinner } from '../../shared/components/page-spinner.tsx';
import { peekLoginNotice, RETURN_PARAM, safeReturnPath, takeLoginNotice } from '../../shared/return-path.ts';
import { getDefaultSystem, saveTrackingParams } from '../../shared/session.ts';
import styles from './auth-pages.module.css';
import { AdvertCarousel } from './components/advert-carousel.tsx';
import { ContactBlock } from './components/contact-block.tsx';
import { Checkbox, LinkButton, Notice } from './components/form-kit.tsx';
import { LegalText } from './components/legal-links.tsx';
import { LoginTabs } from './components/login-tabs.tsx';
import { PasswordLoginForm } from './components/password-login-form.tsx';
import { SmsLoginForm } from './components/sms-login-form.tsx';
import { SystemChoice } from './components/system-choice.tsx';
import { smsHandoffOf, type SystemChoice as TSystemChoice } from './login-flow.ts';
import { useCompleteLogin } from './use-complete-login.ts';

// The QR tab (QR rendering, polling, the bind form, and the antd parts of the shared QR panel)
// loads when it is opened, not with the page.
const QrLogin = lazy(() => import('./components/qr-login.tsx').then((m) => ({ default: m.QrLogin })));

function initialSystem(search: URLSearchParams): TSystemChoice {
  const fromQuery = search.get('system');
  if (fromQuery === '2' && appConfig.selectionEnabled) return 2;
  if (fromQuery === '1') return 1;
  const saved = getDefaultSystem();
  return saved === 2 && !appConfig.selectionEnabled ? 1 : saved;
}

/** `/login` (docs/product.md "Login page"): carousel and contact block, and the sign-in card with two tabs. */
export function LoginPage() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const location = useLocation();
  // Just registered: sign in by SMS code with the new phone filled in (there is no password yet).
  const handoff = smsHandoffOf(location.state);
  const [tab, setTab] = useState<'account' | 'qr'>('account');
  const [method, setMethod] = useState<'password' | 'sms'>(handoff ? 'sms' : 'password');
  // Why the last session ended, said once (the notice is taken after the first render).
  const [notice] = useState(peekLoginNotice);
  useEffect(() => void takeLoginNotice(), []);
  const returnTo = safeReturnPath(search.get(RETURN_PARAM), window.location.origin);
  const [system, setSystem] = useState<TSystemChoice>(() => initialSystem(search));
  const [longTime, setLongTime] = useState(false);
  const [redirecting, setRedirecting] = useState(false);
  const completeLogin = useCompleteLogin();

  // Where the visitor came from, kept for a registration (docs/product.md).
  useEffect(() => saveTrackingParams(search), [search]);

  const formProps = {
    system,
    longTime,
    busy: redirecting,
    onSuccess: (result: Parameters<typeof completeLogin>[0]) => {
      setRedirecting(true);
      completeLogin(result, system, { keepSignedIn: longTime, returnTo });
    },
  };

  const accountTab = (
    <>
      {method === 'password' ? (
        <PasswordLoginForm {...formProps} />
      ) : (
        <SmsLoginForm {...formProps} initialPhone={handoff} />
      )}
      <div className={styles.row} style={{ marginTop: 12 }}>
        <LinkButton
          onClick={() => setMethod(method === 'password' ? 'sms' : 'password')}
          data-testid={method === 'password' ? 'switch-to-sms' : 'switch-to-password'}
        >
          {method === 'password' ? t('auth.login.useSms') : t('auth.login.usePassword')}
        </LinkButton>
        <Link to={webPaths.forgetPassword} data-testid="forget-password-link">
          {t('auth.login.forgotPassword')}
        </Link>
      </div>
    </>
  );

  return (
    <div className={styles.loginLayout}>
      <section className={styles.showcase}>
        <AdvertCarousel />
        <ContactBlock />
      </section>
      <section className={styles.card} data-testid="login-page" id="auth-form" tabIndex={-1}>
        <h1 className={styles.title}>{t('auth.login.title', { brand: t(currentBrand.nameKey) })}</h1>
        <p className={`${styles.quiet} ${styles.subtitle}`}>{t('auth.login.subtitle')}</p>
        {notice ? <Notice kind="warning" role="alert" title={notice} data-testid="login-notice" /> : null}
        {handoff ? (
          <Notice kind="success" title={t('auth.login.registeredHint')} data-testid="registered-hint" />
        ) : null}
        <LoginTabs
          active={tab}
          onChange={setTab}
          tabs={[
            { key: 'account', label: t('auth.login.tabAccount'), testId: 'login-tab-account', content: accountTab },
            {
              key: 'qr',
              label: t('auth.login.tabQr'),
              testId: 'login-tab-qr',
              content: (
                <Suspense fallback={<PageSpinner />}>
                  <QrLogin {...formProps} />
                </Suspense>
              ),
            },
          ]}
        />
        <div className={styles.options}>
          <SystemChoice value={system} onChange={setSystem} />
          <Checkbox checked={longTime} onChange={setLongTime} data-testid="long-time">
            {t('auth.login.autoLogin')}
          </Checkbox>
        </div>
        {currentBrand.showRegister ? (
          <div className={styles.registerLine} data-testid="register-line">
            {t('auth.login.noAccount')}{' '}
            <Link to={webPaths.register} data-testid="register-link">
              {t('auth.login.registerNow')}
            </Link>
          </div>
        ) : null}
        <p className={`${styles.quiet} ${styles.legal}`}>
          <LegalText i18nKey="auth.legal.agreeLogin" />
        </p>
      </section>
    </div>
  );
}

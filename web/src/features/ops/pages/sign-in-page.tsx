import { opsWebPaths } from '@seller-centre/contract/ops';
import { Alert, Button, Form, Input, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { ApiError } from '../../../shared/api-client.ts';
import { LanguageChooser } from '../../../shared/components/language-chooser.tsx';
import { signInOperator } from '../ops-api.ts';
import { readOpsSession, saveOpsSession } from '../../../shared/ops/ops-session.ts';
import type { OpsSignInState } from '../ops-shell.tsx';
import styles from './sign-in-page.module.css';

type Fields = { account_name: string; password: string; otp: string };

/** A path inside the console to go back to after signing in; anything else goes to its start. */
function backTo(from: string | undefined): string {
  return from && from.startsWith(`${opsWebPaths.root}/`) && from !== opsWebPaths.signIn ? from : opsWebPaths.root;
}

/** `/ops/sign-in`: operators only; a seller's account name and password are refused here. */
export function OpsSignInPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const state = (useLocation().state ?? {}) as OpsSignInState;
  const [error, setError] = useState<string | undefined>(state.notice);
  const [busy, setBusy] = useState(false);

  if (readOpsSession()) return <Navigate to={backTo(state.from)} replace />;

  const submit = async (fields: Fields) => {
    setBusy(true);
    setError(undefined);
    try {
      saveOpsSession(
        await signInOperator({
          account_name: fields.account_name.trim(),
          password: fields.password,
          otp: fields.otp.trim(),
        }),
      );
      void navigate(backTo(state.from), { replace: true });
    } catch (caught) {
      setError(caught instanceof ApiError ? caught.msg : t('errors.serviceException'));
      setBusy(false);
    }
  };

  return (
    <div className={styles.page}>
      <header className={styles.top}>
        <span className={styles.mark} aria-hidden="true">
          OPS
        </span>
        <LanguageChooser />
      </header>
      <main className={styles.main}>
        <section className={styles.card} data-testid="ops-sign-in">
          <Typography.Title level={1} className={styles.title}>
            {t('ops.signIn.title')}
          </Typography.Title>
          <Typography.Paragraph type="secondary">{t('ops.signIn.hint')}</Typography.Paragraph>
          {error ? (
            <Alert type="error" showIcon message={error} className={styles.alert} data-testid="ops-sign-in-error" />
          ) : null}
          <Form<Fields> layout="vertical" requiredMark={false} onFinish={(v) => void submit(v)} disabled={busy}>
            <Form.Item
              name="account_name"
              label={t('ops.signIn.account')}
              rules={[{ required: true, whitespace: true, message: t('ops.signIn.accountRequired') }]}
            >
              <Input autoComplete="username" maxLength={64} data-testid="ops-account" />
            </Form.Item>
            <Form.Item
              name="password"
              label={t('ops.signIn.password')}
              rules={[{ required: true, message: t('ops.signIn.passwordRequired') }]}
            >
              <Input.Password autoComplete="current-password" maxLength={128} data-testid="ops-password" />
            </Form.Item>
            {/* The authenticator's 6 digits, or a recovery code (letters too), so no digits-only rule. */}
            <Form.Item
              name="otp"
              label={t('ops.signIn.otp')}
              extra={t('ops.signIn.otpHint')}
              rules={[{ required: true, whitespace: true, message: t('ops.signIn.otpRequired') }]}
            >
              <Input autoComplete="one-time-code" inputMode="numeric" maxLength={64} data-testid="ops-otp" />
            </Form.Item>
            <Button type="primary" htmlType="submit" block size="large" loading={busy} data-testid="ops-sign-in-submit">
              {t('ops.signIn.submit')}
            </Button>
          </Form>
        </section>
      </main>
    </div>
  );
}

import type { TSmsType } from '@seller-centre/contract/auth';
import { webPaths } from '@seller-centre/contract/paths';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import styles from '../auth-pages.module.css';
import { warnIfPrivacyUnchecked } from '../use-back-to-login.ts';
import { AuthFormCard } from './auth-form-card.tsx';
import { Button } from './form-kit.tsx';
import { PhoneField } from './phone-field.tsx';
import { PrivacyField } from './privacy-field.tsx';
import { SmsCodeField } from './sms-code-field.tsx';
import type { useAuthForm } from './use-auth-form.ts';

/**
 * The register and forgot-password pages: a phone and its SMS code, the page's own fields, the
 * privacy terms and the submit button, then the way back to the login page.
 */
export function SmsVerifiedForm<V extends Record<string, unknown>>({
  testId,
  title,
  subtitle,
  form,
  smsType,
  onFinish,
  busy,
  submit,
  backLead,
  back,
  children,
}: {
  testId: string;
  title: string;
  subtitle: string;
  form: ReturnType<typeof useAuthForm<V>>;
  smsType: TSmsType;
  onFinish: (values: V) => void;
  busy: boolean;
  submit: { label: string; testId: string };
  /** Said before the link back to login. */
  backLead?: string;
  back: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <AuthFormCard testId={testId} title={title} subtitle={subtitle}>
      <form
        noValidate
        onSubmit={form.onSubmit(onFinish, (failed) =>
          warnIfPrivacyUnchecked(failed, t('auth.validation.privacyRequired')),
        )}
      >
        <PhoneField form={form} autoFocus />
        <SmsCodeField form={form} type={smsType} />
        {children}
        <PrivacyField form={form} />
        <Button type="submit" busy={busy} data-testid={submit.testId}>
          {submit.label}
        </Button>
      </form>
      <div className={styles.registerLine}>
        {backLead ? `${backLead} ` : null}
        <Link to={webPaths.login} data-testid="login-link">
          {back}
        </Link>
      </div>
    </AuthFormCard>
  );
}

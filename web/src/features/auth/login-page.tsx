import { Alert, Card, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/** Placeholder until sign-in (spec 01 "Login page") arrives. */
export function LoginPage() {
  const { t } = useTranslation();
  return (
    <Card variant="borderless" style={{ boxShadow: '0 24px 48px rgba(2, 20, 24, 0.35)' }} data-testid="login-page">
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        {t('auth.accountLogin')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t('auth.welcome')}</Typography.Paragraph>
      <Alert type="info" showIcon title={t('auth.signInComingSoon')} />
    </Card>
  );
}

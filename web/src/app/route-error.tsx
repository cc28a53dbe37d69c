import { CloseCircleFilled } from '@ant-design/icons';
import { Button, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';

/**
 * A page that threw or whose code failed to load (often a new release): offer a reload. It is part
 * of the first load of every page, so it is drawn with the light parts (antd's Result would bring
 * all its illustrations along).
 */
export function RouteError() {
  const { t } = useTranslation();
  const error = useRouteError();
  if (import.meta.env.DEV) console.error(error);
  return (
    <div style={{ minHeight: '100vh', display: 'grid', placeItems: 'center' }} data-testid="route-error">
      <div style={{ textAlign: 'center', padding: 32 }}>
        <CloseCircleFilled style={{ fontSize: 72, color: '#ff4d4f' }} aria-hidden />
        <Typography.Title level={3} style={{ marginTop: 24 }}>
          {t('errors.pageFailed')}
        </Typography.Title>
        <Typography.Paragraph type="secondary">{t('errors.pageFailedHint')}</Typography.Paragraph>
        <Button type="primary" onClick={() => window.location.reload()}>
          {t('common.reload')}
        </Button>
      </div>
    </div>
  );
}

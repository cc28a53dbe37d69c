import { Result } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ModuleProps } from '../modules.ts';

/** What a personal-centre module shows until its feature is built. */
export function ModuleUnavailable({ moduleKey }: ModuleProps) {
  const { t } = useTranslation();
  return (
    <Result
      status="info"
      data-testid="module-unavailable"
      title={t('layout.unavailable.title', { module: t(`layout.modules.${moduleKey}`) })}
      subTitle={t('layout.unavailable.description')}
    />
  );
}

import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { ModuleReady, type ModuleDefinition } from '../modules.ts';

/**
 * A module the account is not granted, opened by URL: the contract's no-permission words and a way
 * back. Loaded only when it is shown (antd's Result carries its large illustrations).
 */
export function ModuleDenied({ module, onBack }: { module: ModuleDefinition; onBack: () => void }) {
  const { t } = useTranslation();
  return (
    <>
      <Result
        status="403"
        data-testid="module-denied"
        title={t('errors.noModulePermission', { module: t(module.titleKey) })}
        extra={
          <Button type="primary" onClick={onBack} data-testid="module-denied-back">
            {t('errors.backToHome')}
          </Button>
        }
      />
      <ModuleReady />
    </>
  );
}

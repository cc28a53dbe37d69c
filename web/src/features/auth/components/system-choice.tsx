import { Radio, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { appConfig } from '../../../shared/app-config.ts';
import type { SystemChoice as TSystemChoice } from '../login-flow.ts';

/** Which product to open after signing in: the ERP (1) or the selection product (2). */
export function SystemChoice({ value, onChange }: { value: TSystemChoice; onChange: (value: TSystemChoice) => void }) {
  const { t } = useTranslation();
  return (
    <div style={{ display: 'flex', alignItems: 'center', gap: 12 }}>
      <span style={{ color: 'var(--ant-color-text-secondary)', whiteSpace: 'nowrap' }}>{t('auth.system.label')}</span>
      <Radio.Group
        value={value}
        onChange={(event) => onChange(event.target.value as TSystemChoice)}
        optionType="button"
        buttonStyle="solid"
        data-testid="system-choice"
        options={[
          { value: 1, label: <span data-testid="system-option-1">{t('auth.system.erp')}</span> },
          {
            value: 2,
            disabled: !appConfig.selectionEnabled,
            label: (
              <span data-testid="system-option-2">
                {t('auth.system.selection')}
                {appConfig.selectionEnabled ? null : (
                  <Tag style={{ marginInlineStart: 6, marginInlineEnd: 0 }}>{t('auth.system.comingSoon')}</Tag>
                )}
              </span>
            ),
          },
        ]}
      />
    </div>
  );
}

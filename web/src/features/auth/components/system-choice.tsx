import { useTranslation } from 'react-i18next';
import { appConfig } from '../../../shared/app-config.ts';
import type { SystemChoice as TSystemChoice } from '../login-flow.ts';
import styles from './system-choice.module.css';

/** Which product to open after signing in: the ERP (1) or the selection product (2). */
export function SystemChoice({ value, onChange }: { value: TSystemChoice; onChange: (value: TSystemChoice) => void }) {
  const { t } = useTranslation();
  const options: { value: TSystemChoice; label: string; disabled: boolean; soon: boolean }[] = [
    { value: 1, label: t('auth.system.erp'), disabled: false, soon: false },
    {
      value: 2,
      label: t('auth.system.selection'),
      disabled: !appConfig.selectionEnabled,
      soon: !appConfig.selectionEnabled,
    },
  ];
  return (
    <div className={styles.line}>
      <span className={styles.caption} id="system-choice-label">
        {t('auth.system.label')}
      </span>
      {/* Native radios under button-like labels: arrow keys and screen readers work as usual. */}
      <div role="radiogroup" aria-labelledby="system-choice-label" className={styles.group} data-testid="system-choice">
        {options.map((option) => (
          <label
            key={option.value}
            className={[
              styles.option,
              value === option.value ? styles.checked : '',
              option.disabled ? styles.disabled : '',
            ].join(' ')}
          >
            <input
              type="radio"
              name="system"
              value={option.value}
              checked={value === option.value}
              disabled={option.disabled}
              onChange={() => onChange(option.value)}
              className={styles.input}
            />
            <span data-testid={`system-option-${option.value}`}>
              {option.label}
              {option.soon ? <span className={styles.tag}>{t('auth.system.comingSoon')}</span> : null}
            </span>
          </label>
        ))}
      </div>
    </div>
  );
}

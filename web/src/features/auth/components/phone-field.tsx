import { AREA_CODES } from '@seller-centre/contract/auth';
import { Form, Input, type FormRule } from 'antd';
import { useTranslation } from 'react-i18next';
import { PHONE_INPUT_MAX } from '../../../shared/phone-rule.ts';
import styles from './phone-field.module.css';

type PhoneFieldProps = {
  rules: FormRule[];
  label?: string;
  disabled?: boolean;
  autoFocus?: boolean;
};

/** The area code selector (+86 default, +988, +66, +65, +88) and the phone number, as one field. */
export function PhoneField({ rules, label, disabled, autoFocus }: PhoneFieldProps) {
  const { t } = useTranslation();
  return (
    <Form.Item label={label} required={Boolean(label)} style={{ marginBottom: 20 }}>
      <div style={{ display: 'flex' }}>
        <Form.Item name="area" noStyle>
          <select
            className={styles.area}
            disabled={disabled}
            aria-label={t('auth.fields.area')}
            data-testid="area-select"
          >
            {AREA_CODES.map((code) => (
              <option key={code} value={code}>
                +{code}
              </option>
            ))}
          </select>
        </Form.Item>
        <Form.Item name="phone_number" noStyle rules={rules}>
          <Input
            placeholder={t('auth.fields.phonePlaceholder')}
            inputMode="tel"
            autoComplete="tel"
            maxLength={PHONE_INPUT_MAX}
            disabled={disabled}
            autoFocus={autoFocus}
            className={styles.phone}
            data-testid="phone-input"
          />
        </Form.Item>
      </div>
    </Form.Item>
  );
}

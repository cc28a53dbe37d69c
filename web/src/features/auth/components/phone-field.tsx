import { AREA_CODES } from '@seller-centre/contract/auth';
import { Form, Input, Select, Space, type FormRule } from 'antd';
import { useTranslation } from 'react-i18next';
import { PHONE_INPUT_MAX } from '../../../shared/phone-rule.ts';

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
      <Space.Compact block>
        <Form.Item name="area" noStyle>
          <Select
            style={{ width: 96, flex: 'none' }}
            disabled={disabled}
            aria-label={t('auth.fields.area')}
            data-testid="area-select"
            options={AREA_CODES.map((code) => ({ value: code, label: `+${code}` }))}
          />
        </Form.Item>
        <Form.Item name="phone_number" noStyle rules={rules}>
          <Input
            placeholder={t('auth.fields.phonePlaceholder')}
            inputMode="tel"
            autoComplete="tel"
            maxLength={PHONE_INPUT_MAX}
            disabled={disabled}
            autoFocus={autoFocus}
            data-testid="phone-input"
          />
        </Form.Item>
      </Space.Compact>
    </Form.Item>
  );
}

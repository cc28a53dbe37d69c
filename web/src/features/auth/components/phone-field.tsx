import { AREA_CODES } from '@seller-centre/contract/auth';
import { useTranslation } from 'react-i18next';
import { PHONE_INPUT_MAX } from '../../../shared/phone-rule.ts';
import type { AuthForm } from './auth-form.ts';
import { FormRow, TextInput } from './form-kit.tsx';
import styles from './phone-field.module.css';

type PhoneFieldProps = {
  form: AuthForm;
  label?: string;
  disabled?: boolean;
  autoFocus?: boolean;
};

/** The area code selector (+86 default, +988, +66, +65, +88) and the phone number, as one field. */
export function PhoneField({ form, label, disabled, autoFocus }: PhoneFieldProps) {
  const { t } = useTranslation();
  const phone = form.input('phone_number');
  return (
    <FormRow
      inputId={phone.id}
      label={label ?? t('auth.fields.phonePlaceholder')}
      visibleLabel={Boolean(label)}
      required={Boolean(label)}
      error={phone.error}
    >
      {(describedBy) => (
        <div style={{ display: 'flex' }}>
          <select
            className={styles.area}
            disabled={disabled}
            aria-label={t('auth.fields.area')}
            value={String(form.values.area ?? '')}
            onChange={(event) => form.set('area', event.target.value)}
            data-testid="area-select"
          >
            {AREA_CODES.map((code) => (
              <option key={code} value={code}>
                +{code}
              </option>
            ))}
          </select>
          <TextInput
            id={phone.id}
            name={phone.name}
            value={phone.value}
            onChange={phone.onChange}
            aria-invalid={phone['aria-invalid']}
            aria-describedby={describedBy}
            invalid={Boolean(phone.error)}
            joinedLeft
            placeholder={t('auth.fields.phonePlaceholder')}
            inputMode="tel"
            autoComplete="tel"
            maxLength={PHONE_INPUT_MAX}
            disabled={disabled}
            autoFocus={autoFocus}
            data-testid="phone-input"
          />
        </div>
      )}
    </FormRow>
  );
}

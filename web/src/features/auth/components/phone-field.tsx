import { AREA_CODES } from '@seller-centre/contract/auth';
import { useTranslation } from 'react-i18next';
import { PHONE_INPUT_MAX } from '../../../shared/phone-rule.ts';
import type { AuthForm } from './auth-form.ts';
import { FieldRow, TextInput } from './form-kit.tsx';
import styles from './phone-field.module.css';

type PhoneFieldProps = {
  form: AuthForm;
  disabled?: boolean;
  autoFocus?: boolean;
};

/** The area code selector (+86 default, +988, +66, +65, +88) and the phone number, as one field. */
export function PhoneField({ form, disabled, autoFocus }: PhoneFieldProps) {
  const { t } = useTranslation();
  return (
    <FieldRow field={form.input('phone_number')} placeholder={t('auth.fields.phonePlaceholder')} joined>
      {(input) => (
        <>
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
            {...input}
            joinedLeft
            inputMode="tel"
            autoComplete="tel"
            maxLength={PHONE_INPUT_MAX}
            disabled={disabled}
            autoFocus={autoFocus}
            data-testid="phone-input"
          />
        </>
      )}
    </FieldRow>
  );
}

import type { AuthForm } from './auth-form.ts';
import { Checkbox } from './form-kit.tsx';
import { LegalText } from './legal-links.tsx';
import styles from './form-kit.module.css';

/**
 * The privacy terms box of the register and reset forms. Unticked on submit, it is said once, as
 * the contract's warning message (use-back-to-login.ts), not again under the box: the box is marked
 * invalid.
 */
export function PrivacyField({ form }: { form: AuthForm }) {
  const invalid = Boolean(form.errorOf('checked'));
  return (
    <div className={invalid ? `${styles.row} ${styles.rowInvalid}` : styles.row}>
      <Checkbox
        id={form.idOf('checked')}
        checked={form.values.checked === true}
        onChange={(checked) => form.set('checked', checked)}
        invalid={invalid}
        data-testid="privacy-checkbox"
      >
        <LegalText i18nKey="auth.legal.agreeRegister" />
      </Checkbox>
    </div>
  );
}

import { useState, type ButtonHTMLAttributes, type InputHTMLAttributes, type MouseEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './form-kit.module.css';
import { EyeIcon, EyeOffIcon } from './icons.tsx';
import type { InputWiring } from './use-auth-form.ts';

// The signed-out pages' form parts: plain HTML with the look of the antd forms of the signed-in
// pages, so the first page a visitor opens loads no component library.

/** What an input of a form field takes: the field's value and handlers, its error's wiring, its placeholder. */
export type WiredInput = Omit<InputWiring, 'error'> & {
  'aria-describedby': string | undefined;
  invalid: boolean;
  placeholder: string;
};

/**
 * The row of one field of a useAuthForm form: its input(s), its hint and its error message, linked
 * to the input by aria-describedby. The placeholder is also the input's label for assistive
 * technology; `joined` sets the row's controls side by side (an input with its selector or button).
 */
export function FieldRow({
  field,
  placeholder,
  hint,
  joined = false,
  children,
}: {
  field: InputWiring;
  placeholder: string;
  hint?: string | undefined;
  joined?: boolean;
  children: (input: WiredInput) => ReactNode;
}) {
  const { error, ...wiring } = field;
  const hintId = `${field.id}-hint`;
  const errorId = `${field.id}-error`;
  const describedBy = [error ? errorId : undefined, hint ? hintId : undefined].filter(Boolean).join(' ') || undefined;
  const input = children({ ...wiring, 'aria-describedby': describedBy, invalid: Boolean(error), placeholder });
  return (
    <div className={error ? `${styles.row} ${styles.rowInvalid}` : styles.row}>
      <label htmlFor={field.id} className={styles.visuallyHidden}>
        {placeholder}
      </label>
      {joined ? <div style={{ display: 'flex' }}>{input}</div> : input}
      {error ? (
        <div id={errorId} className={styles.error} role="alert">
          {error}
        </div>
      ) : null}
      {hint ? (
        <div id={hintId} className={styles.hint}>
          {hint}
        </div>
      ) : null}
    </div>
  );
}

type TextInputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'prefix'> & {
  prefix?: ReactNode;
  invalid?: boolean;
  /** Squares the left corners (the phone number beside its area code). */
  joinedLeft?: boolean;
  'data-testid'?: string;
};

/** A large text input with an optional icon in front, drawn like antd's. */
export function TextInput({ prefix, invalid, joinedLeft, className, disabled, ...props }: TextInputProps) {
  const frame = [
    styles.affix,
    invalid ? styles.invalid : '',
    disabled ? styles.disabled : '',
    joinedLeft ? styles.joinedLeft : '',
    className ?? '',
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <span className={frame}>
      {prefix ? (
        <span className={styles.prefix} aria-hidden="true">
          {prefix}
        </span>
      ) : null}
      <input {...props} disabled={disabled} className={styles.input} />
    </span>
  );
}

/** A password input with a button that shows or hides what was typed. */
export function PasswordInput({ invalid, ...props }: TextInputProps) {
  const { t } = useTranslation();
  const [shown, setShown] = useState(false);
  return (
    <span className={invalid ? `${styles.affix} ${styles.invalid}` : styles.affix}>
      {props.prefix ? (
        <span className={styles.prefix} aria-hidden="true">
          {props.prefix}
        </span>
      ) : null}
      <input {...props} prefix={undefined} type={shown ? 'text' : 'password'} className={styles.input} />
      <button
        type="button"
        className={styles.reveal}
        aria-label={t(shown ? 'auth.fields.hidePassword' : 'auth.fields.showPassword')}
        aria-pressed={shown}
        onClick={() => setShown(!shown)}
      >
        {shown ? <EyeIcon /> : <EyeOffIcon />}
      </button>
    </span>
  );
}

/** The primary (or default) large button; busy shows a spinner and ignores clicks. */
export function Button({
  kind = 'primary',
  busy = false,
  block = true,
  children,
  type = 'button',
  className: extraClass,
  ...props
}: Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'type'> & {
  kind?: 'primary' | 'default' | 'link';
  busy?: boolean;
  block?: boolean;
  type?: 'button' | 'submit';
  children: ReactNode;
  'data-testid'?: string;
}) {
  const className = [styles.button, styles[kind], block ? styles.block : '', busy ? styles.busy : '', extraClass ?? '']
    .filter(Boolean)
    .join(' ');
  return (
    <button
      {...props}
      type={type}
      className={className}
      aria-busy={busy || undefined}
      onClick={busy ? (event) => event.preventDefault() : props.onClick}
    >
      {busy ? <span className={styles.buttonSpinner} aria-hidden="true" /> : null}
      {children}
    </button>
  );
}

/** A checkbox with its label (the label may hold links). */
export function Checkbox({
  checked,
  onChange,
  children,
  invalid,
  describedBy,
  id,
  ...props
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
  children: ReactNode;
  invalid?: boolean;
  describedBy?: string;
  id?: string;
  'data-testid'?: string;
}) {
  return (
    <label className={styles.checkbox}>
      <input
        {...props}
        id={id}
        type="checkbox"
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
      />
      <span>{children}</span>
    </label>
  );
}

/** A link-styled button: an action on the page, not a place to go. */
export function LinkButton(props: {
  onClick: (event: MouseEvent) => void;
  children?: ReactNode;
  'data-testid'?: string;
}) {
  return <button type="button" {...props} className={styles.linkButton} />;
}

/** A note above a form: a warning (an alert, said at once), a success or an information. */
export function Notice({
  kind,
  title,
  description,
  role,
  ...props
}: {
  kind: 'warning' | 'success' | 'info';
  title: ReactNode;
  description?: ReactNode;
  role?: 'alert' | 'status';
  'data-testid'?: string;
}) {
  return (
    <div {...props} role={role} className={`${styles.notice} ${styles[`notice_${kind}`]}`}>
      <svg
        viewBox="0 0 24 24"
        width="16"
        height="16"
        aria-hidden="true"
        focusable="false"
        className={styles.noticeIcon}
      >
        <path
          fill="currentColor"
          d={
            kind === 'success'
              ? 'M12 2a10 10 0 1 1 0 20 10 10 0 0 1 0-20Zm4.3 6.3-5.6 5.6-2.9-2.9-1.4 1.4 4.3 4.3 7-7-1.4-1.4Z'
              : 'M12 2a10 10 0 1 1 0 20 10 10 0 0 1 0-20Zm-1 13v2h2v-2h-2Zm0-8v6h2V7h-2Z'
          }
        />
      </svg>
      <div>
        <div className={description ? styles.noticeTitleStrong : undefined}>{title}</div>
        {description ? <div>{description}</div> : null}
      </div>
    </div>
  );
}

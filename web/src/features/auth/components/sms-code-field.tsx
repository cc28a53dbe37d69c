import { DEFAULT_AREA, type TSmsType } from '@seller-centre/contract/auth';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../shared/notify.ts';
import { useSendSmsCode } from '../api/sms.ts';
import { countdownDeadline, secondsLeft } from '../sms-countdown.ts';
import type { AuthForm } from './auth-form.ts';
import { Button, FieldRow, TextInput } from './form-kit.tsx';
import styles from './phone-field.module.css';

type SmsCodeFieldProps = {
  form: AuthForm;
  type: TSmsType;
};

/** The code input and its send button: disabled with a 60 s countdown after a successful send. */
export function SmsCodeField({ form, type }: SmsCodeFieldProps) {
  const { t } = useTranslation();
  const send = useSendSmsCode();
  const [deadline, setDeadline] = useState<number>();
  const [now, setNow] = useState(() => Date.now());
  const left = secondsLeft(deadline, now);

  useEffect(() => {
    if (deadline === undefined) return;
    const id = setInterval(() => {
      const at = Date.now();
      setNow(at);
      if (at >= deadline) {
        setDeadline(undefined);
        clearInterval(id);
      }
    }, 250);
    return () => clearInterval(id);
  }, [deadline]);

  const onSend = () => {
    const phone = String(form.values.phone_number ?? '').trim();
    if (!phone) {
      notify.warning(t('auth.validation.fillPhoneFirst'));
      return;
    }
    const area = String(form.values.area ?? DEFAULT_AREA);
    // A malformed number shows its field error instead of a server round trip.
    if (!form.validate(['phone_number']).ok) return;
    send.mutate(
      { type, area, phone_number: phone },
      {
        onSuccess: (result) => {
          const at = Date.now();
          setNow(at);
          setDeadline(countdownDeadline(at, result.resend_after_seconds));
          notify.success(t('auth.sms.sent'));
        },
      },
    );
  };

  return (
    <FieldRow field={form.input('sms_code')} placeholder={t('auth.fields.smsCodePlaceholder')} joined>
      {(input) => (
        <>
          <TextInput
            {...input}
            className={styles.joinedRight}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            data-testid="sms-code-input"
          />
          <Button
            kind="default"
            block={false}
            onClick={onSend}
            busy={send.isPending}
            disabled={left > 0}
            className={styles.sendButton}
            data-testid="sms-send"
          >
            {left > 0 ? t('auth.sms.resendIn', { seconds: left }) : t('auth.sms.send')}
          </Button>
        </>
      )}
    </FieldRow>
  );
}

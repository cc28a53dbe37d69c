import { Alert, Button, Form, Input, Space } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { maskPhone } from '../../../shared/format.ts';
import { notify } from '../../../shared/notify.ts';
import { useSendReauthCode } from '../api/profile.ts';

const RESEND_SECONDS = 60;

/** The send button's countdown, kept as a deadline so a throttled background tab ends on time. */
function useCountdown(): { left: number; start: (seconds: number) => void } {
  const [deadline, setDeadline] = useState<number>();
  const [now, setNow] = useState(() => Date.now());
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
  const left = deadline === undefined ? 0 : Math.max(0, Math.ceil((deadline - now) / 1000));
  return {
    left,
    start: (seconds) => {
      const at = Date.now();
      setNow(at);
      setDeadline(at + Math.max(RESEND_SECONDS, seconds) * 1000);
    },
  };
}

/**
 * Proof that the person at the keyboard owns the account, asked before a sensitive change: the
 * current password, or, for an account that has none, a code the server sends to the account's
 * own phone. The server checks it; a session alone changes nothing.
 */
export function ReauthFields({
  hasPassword,
  phone,
  autoFocus,
}: {
  hasPassword: boolean;
  phone: string;
  autoFocus?: boolean;
}) {
  const { t } = useTranslation();
  const send = useSendReauthCode();
  const { left, start } = useCountdown();
  const masked = maskPhone(phone);

  if (hasPassword) {
    return (
      <Form.Item
        name="current_password"
        label={t('personal-centre.reauth.currentPassword')}
        rules={[{ required: true, whitespace: true, message: t('personal-centre.reauth.currentPasswordRequired') }]}
      >
        <Input.Password
          maxLength={128}
          autoComplete="current-password"
          autoFocus={autoFocus}
          data-testid="current-password-input"
        />
      </Form.Item>
    );
  }

  return (
    <Form.Item
      label={t('personal-centre.reauth.smsCode')}
      required
      extra={t('personal-centre.reauth.smsHint', { phone: masked })}
    >
      <Space.Compact block>
        <Form.Item
          name="sms_code"
          noStyle
          rules={[
            { required: true, message: t('personal-centre.reauth.smsCodeRequired') },
            { pattern: /^\s*\d{6}\s*$/, message: t('personal-centre.reauth.smsCodeFormat') },
          ]}
        >
          <Input
            placeholder={t('personal-centre.reauth.smsCodePlaceholder')}
            aria-label={t('personal-centre.reauth.smsCode')}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            autoFocus={autoFocus}
            data-testid="reauth-sms-code-input"
          />
        </Form.Item>
        <Button
          onClick={() =>
            send.mutate(undefined, {
              onSuccess: (result) => {
                start(result.resend_after_seconds);
                notify.success(t('personal-centre.reauth.codeSent', { phone: masked }));
              },
            })
          }
          loading={send.isPending}
          disabled={left > 0}
          style={{ flex: 'none' }}
          data-testid="reauth-sms-send"
        >
          {left > 0 ? t('personal-centre.reauth.resendIn', { seconds: left }) : t('personal-centre.reauth.sendCode')}
        </Button>
      </Space.Compact>
    </Form.Item>
  );
}

/** What a reset by SMS does, so the owner knows it is the way to throw a thief out. */
export function ResetNote() {
  const { t } = useTranslation();
  return (
    <Alert
      type="info"
      showIcon
      style={{ marginBottom: 16 }}
      title={t('personal-centre.reauth.resetNote')}
      data-testid="reset-note"
    />
  );
}

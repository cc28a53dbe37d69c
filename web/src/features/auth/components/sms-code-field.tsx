import { DEFAULT_AREA, type TSmsType } from '@seller-centre/contract/auth';
import { Button, Form, Input, Space, type FormInstance, type FormRule } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../shared/notify.ts';
import { useSendSmsCode } from '../api/sms.ts';
import { countdownDeadline, secondsLeft } from '../sms-countdown.ts';

type SmsCodeFieldProps = {
  form: FormInstance;
  type: TSmsType;
  rules: FormRule[];
  label?: string;
};

/** The code input and its send button: disabled with a 60 s countdown after a successful send. */
export function SmsCodeField({ form, type, rules, label }: SmsCodeFieldProps) {
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

  const onSend = async () => {
    const phone = String(form.getFieldValue('phone_number') ?? '').trim();
    if (!phone) {
      notify.warning(t('auth.validation.fillPhoneFirst'));
      return;
    }
    const area = String(form.getFieldValue('area') ?? DEFAULT_AREA);
    // A malformed number shows its field error instead of a server round trip.
    const valid = await form.validateFields(['phone_number']).then(
      () => true,
      () => false,
    );
    if (!valid) return;
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
    <Form.Item label={label} required={Boolean(label)} style={{ marginBottom: 20 }}>
      <Space.Compact block>
        <Form.Item name="sms_code" noStyle rules={rules}>
          <Input
            placeholder={t('auth.fields.smsCodePlaceholder')}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            data-testid="sms-code-input"
          />
        </Form.Item>
        <Button
          onClick={() => void onSend()}
          loading={send.isPending}
          disabled={left > 0}
          style={{ minWidth: 128, flex: 'none' }}
          data-testid="sms-send"
        >
          {left > 0 ? t('auth.sms.resendIn', { seconds: left }) : t('auth.sms.send')}
        </Button>
      </Space.Compact>
    </Form.Item>
  );
}

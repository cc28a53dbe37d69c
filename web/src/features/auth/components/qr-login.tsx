import { DEFAULT_AREA, type TQrCode, type TQrInquiryResult } from '@seller-centre/contract/auth';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AntdTheme } from '../../../shared/antd-theme.tsx';
import { QrCodePanel } from '../../../shared/wechat-qr/qr-code-panel.tsx';
import { useQrPolling } from '../../../shared/wechat-qr/use-qr-polling.ts';
import { inquireQrCode, useBindWechatAndLogin } from '../api/wechat.ts';
import { trimValues } from '../login-flow.ts';
import { forgetAfterFailedLogin } from '../use-complete-login.ts';
import { authRules } from '../validation.ts';
import { Button, Notice } from './form-kit.tsx';
import { useAuthForm } from './use-auth-form.ts';
import type { LoginFormProps } from './login-form-props.ts';
import { PasswordField } from './password-field.tsx';
import { PhoneField } from './phone-field.tsx';

function hasSession(result: TQrInquiryResult): result is TQrInquiryResult & {
  authorization: string;
  user_id: number;
  parent_id: number;
  user_name: string;
  account_type: number;
  expires_in: number;
} {
  return result.is_binding && typeof result.authorization === 'string' && typeof result.user_id === 'number';
}

/**
 * WeChat QR sign-in (docs/product.md): poll every 4 s; a bound WeChat signs in, an unbound
 * one brings up the bind-mobile form for the same scene.
 */
export function QrLogin({ system, longTime, busy, onSuccess }: LoginFormProps) {
  const { t } = useTranslation();
  const [bindScene, setBindScene] = useState<TQrCode>();
  const options = useRef({ system, longTime });
  useEffect(() => {
    options.current = { system, longTime };
  }, [system, longTime]);

  const poll = useCallback(
    (scene_mark: string) =>
      inquireQrCode({ scene_mark, long_time: options.current.longTime ? 1 : 0, system: options.current.system }),
    [],
  );
  const { state, refresh } = useQrPolling<TQrInquiryResult>({
    poll,
    isScanned: (result) => result.scan_status,
    onScanned: (result, code) => {
      if (hasSession(result)) {
        const { authorization, user_id, parent_id, user_name, account_type, expires_in } = result;
        onSuccess({ authorization, user_id, parent_id, user_name, account_type, expires_in });
      } else {
        setBindScene(code);
      }
    },
  });

  if (bindScene) {
    return (
      <BindMobileForm
        sceneMark={bindScene.scene_mark}
        system={system}
        longTime={longTime}
        busy={busy}
        onSuccess={onSuccess}
        onCancel={() => {
          setBindScene(undefined);
          refresh();
        }}
      />
    );
  }

  return (
    // The QR panel is shared with the signed-in pages, which draw it with antd: its theme and
    // styles load with this tab.
    <AntdTheme>
      <div style={{ padding: '8px 0 4px' }}>
        <QrCodePanel state={state} onRefresh={refresh} caption={t('auth.qr.caption')} />
      </div>
    </AntdTheme>
  );
}

type BindMobileFormProps = LoginFormProps & { sceneMark: string; onCancel: () => void };

type BindValues = { area: string; phone_number: string; password: string };

/** After an unbound scan: phone + password bind the WeChat to that account and sign in. */
function BindMobileForm({ sceneMark, system, longTime, busy, onSuccess, onCancel }: BindMobileFormProps) {
  const { t } = useTranslation();
  const bind = useBindWechatAndLogin();
  const rules = authRules(t);
  const form = useAuthForm<BindValues>(
    { area: DEFAULT_AREA, phone_number: '', password: '' },
    { phone_number: rules.phone, password: rules.password },
  );

  return (
    <form
      noValidate
      data-testid="bind-mobile-form"
      onSubmit={form.onSubmit((raw) => {
        const values = trimValues(raw);
        bind.mutate(
          {
            scene_mark: sceneMark,
            long_time: longTime ? 1 : 0,
            area: values.area as typeof DEFAULT_AREA,
            phone_number: values.phone_number,
            password: values.password,
            system,
          },
          { onSuccess, onError: forgetAfterFailedLogin },
        );
      })}
    >
      <Notice kind="info" title={t('auth.bind.title')} description={t('auth.bind.hint')} />
      <PhoneField form={form} />
      <PasswordField form={form} />
      <Button type="submit" busy={bind.isPending || busy} data-testid="bind-submit">
        {t('auth.bind.submit')}
      </Button>
      <Button kind="link" onClick={onCancel} style={{ marginTop: 8 }}>
        {t('auth.bind.back')}
      </Button>
    </form>
  );
}

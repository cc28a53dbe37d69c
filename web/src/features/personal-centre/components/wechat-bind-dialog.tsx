import type { TQrCode } from '@seller-centre/contract/auth';
import type { TWechatBindResult } from '@seller-centre/contract/profile';
import { useQueryClient } from '@tanstack/react-query';
import { Form, Modal, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { userInfoQuery } from '../../../shared/current-user.ts';
import { notify } from '../../../shared/notify.ts';
import { QrCodePanel } from '../../../shared/wechat-qr/qr-code-panel.tsx';
import { useQrPolling } from '../../../shared/wechat-qr/use-qr-polling.ts';
import { pollWechatBind, useBindQrCode } from '../api/profile.ts';
import { reauthProof, type ReauthValues } from '../reauth-proof.ts';
import { ReauthFields, ResetNote } from './reauth-fields.tsx';

/**
 * The QR code the server issued after re-authentication. An expired one goes back to the proof
 * step: only a re-authenticated request gets a scene that can bind.
 */
function BindQr({ code, onBound, onExpired }: { code: TQrCode; onBound: () => void; onExpired: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { state } = useQrPolling<TWechatBindResult>({
    fetchCode: () => Promise.resolve(code),
    poll: pollWechatBind,
    isScanned: (result) => result.scan_status,
    onScanned: (result) => {
      // On scan the user info is refreshed (docs/product.md), bound or not.
      void queryClient.invalidateQueries({ queryKey: userInfoQuery.queryKey });
      if (result.is_binding) {
        notify.success(t('personal-centre.wechat.bound', { nickname: result.we_chat_nickname }));
        onBound();
      }
    },
  });
  return (
    <QrCodePanel state={state} onRefresh={onExpired} caption={t('personal-centre.wechat.scanToBind')} size={200} />
  );
}

/**
 * Binds a WeChat to the signed-in account: first the current password (or a code sent to the
 * account's phone), then the same QR flow as the login (4 s polling) with the scene the server
 * issued to this re-authenticated request.
 */
export function WechatBindDialog({
  open,
  onClose,
  hasPassword,
  phone,
}: {
  open: boolean;
  onClose: () => void;
  hasPassword: boolean;
  phone: string;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<ReauthValues>();
  const issue = useBindQrCode();
  const [code, setCode] = useState<TQrCode>();
  return (
    <Modal
      open={open}
      title={t('personal-centre.wechat.bindTitle')}
      onCancel={onClose}
      width={420}
      destroyOnHidden
      afterClose={() => setCode(undefined)}
      {...(code
        ? { footer: null }
        : {
            onOk: () => form.submit(),
            okText: t('personal-centre.reauth.next'),
            cancelText: t('common.cancel'),
            okButtonProps: { loading: issue.isPending, 'data-testid': 'wechat-bind-next' },
          })}
    >
      <div style={{ padding: '12px 0 8px' }} data-testid="wechat-bind-dialog">
        {code ? (
          <BindQr code={code} onBound={onClose} onExpired={() => setCode(undefined)} />
        ) : (
          <Form
            form={form}
            layout="vertical"
            preserve={false}
            data-testid="wechat-bind-reauth"
            onFinish={(values) => issue.mutate(reauthProof(values), { onSuccess: setCode })}
          >
            <Typography.Paragraph>{t('personal-centre.reauth.bindIntro')}</Typography.Paragraph>
            <ResetNote />
            {open ? <ReauthFields hasPassword={hasPassword} phone={phone} autoFocus /> : null}
          </Form>
        )}
      </div>
    </Modal>
  );
}

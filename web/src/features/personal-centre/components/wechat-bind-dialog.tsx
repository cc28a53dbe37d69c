import type { TWechatBindResult } from '@seller-centre/contract/profile';
import { useQueryClient } from '@tanstack/react-query';
import { Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { userInfoQuery } from '../../../shared/current-user.ts';
import { notify } from '../../../shared/notify.ts';
import { QrCodePanel } from '../../../shared/wechat-qr/qr-code-panel.tsx';
import { useQrPolling } from '../../../shared/wechat-qr/use-qr-polling.ts';
import { pollWechatBind } from '../api/profile.ts';

function BindQr({ onBound }: { onBound: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { state, refresh } = useQrPolling<TWechatBindResult>({
    poll: pollWechatBind,
    isScanned: (result) => result.scan_status,
    onScanned: (result) => {
      // On scan the user info is refreshed (spec 01 section 4), bound or not.
      void queryClient.invalidateQueries({ queryKey: userInfoQuery.queryKey });
      if (result.is_binding) {
        notify.success(t('personal-centre.wechat.bound', { nickname: result.we_chat_nickname }));
        onBound();
      }
    },
  });
  return <QrCodePanel state={state} onRefresh={refresh} caption={t('personal-centre.wechat.scanToBind')} size={200} />;
}

/** Binds a WeChat to the signed-in account through the same QR flow as the login (4 s polling). */
export function WechatBindDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal
      open={open}
      title={t('personal-centre.wechat.bindTitle')}
      onCancel={onClose}
      footer={null}
      width={420}
      destroyOnHidden
    >
      <div style={{ padding: '12px 0 8px' }} data-testid="wechat-bind-dialog">
        {open ? <BindQr onBound={onClose} /> : null}
      </div>
    </Modal>
  );
}

import { PERMISSIONS } from '@seller-centre/contract/permissions';
import type { TUserInfo } from '@seller-centre/contract/profile';
import { WechatOutlined } from '@ant-design/icons';
import { Card, Popconfirm, Space, Tag, Typography } from 'antd';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { AuthButton } from '../../../shared/components/auth-button.tsx';
import { maskPhone } from '../../../shared/format.ts';
import { notify } from '../../../shared/notify.ts';
import { usePermission } from '../../../shared/permission.ts';
import { useUnbindWechat } from '../api/profile.ts';
import styles from './personal-centre.module.css';

type Dialog = 'userName' | 'company' | 'password' | 'wechat';

// The dialogs (forms, the WeChat QR code) load when one is first opened, not with the page.
const editDialogs = () => import('./edit-dialogs.tsx');
const UserNameDialog = lazy(() => editDialogs().then((m) => ({ default: m.UserNameDialog })));
const CompanyDialog = lazy(() => editDialogs().then((m) => ({ default: m.CompanyDialog })));
const PasswordDialog = lazy(() => editDialogs().then((m) => ({ default: m.PasswordDialog })));
const WechatBindDialog = lazy(() => import('./wechat-bind-dialog.tsx').then((m) => ({ default: m.WechatBindDialog })));

function Value({ children, empty }: { children: ReactNode; empty?: boolean }) {
  return empty ? <Typography.Text type="secondary">{children}</Typography.Text> : <span>{children}</span>;
}

/** Profile card (docs/product.md "Personal centre page"): every field with its add / change action. */
export function ProfileCard({ user }: { user: TUserInfo }) {
  const { t } = useTranslation();
  const [dialog, setDialog] = useState<Dialog>();
  // A dialog stays mounted once opened, so it can animate closed and open again at once.
  const [opened, setOpened] = useState<ReadonlySet<Dialog>>(() => new Set());
  const openDialog = (key: Dialog) => {
    setOpened((keys) => new Set(keys).add(key));
    setDialog(key);
  };
  const close = () => setDialog(undefined);
  const unbind = useUnbindWechat();
  const editProfile = usePermission(PERMISSIONS.personalCenter.editProfile);
  const isMain = user.user_type === 1;

  const action = (key: Dialog, label: string, testId: string) => (
    <AuthButton
      type="link"
      size="small"
      permission={PERMISSIONS.personalCenter.editProfile}
      onClick={() => openDialog(key)}
      data-testid={testId}
      className={styles.action}
    >
      {label}
    </AuthButton>
  );

  const unset = t('personal-centre.profile.notSet');
  const items = [
    {
      key: 'userName',
      label: t('personal-centre.profile.userName'),
      children: (
        <Space size={4} wrap>
          <Value empty={!user.user_name}>
            <span data-testid="profile-user-name">{user.user_name || unset}</span>
          </Value>
          {action(
            'userName',
            t(user.user_name ? 'personal-centre.profile.modify' : 'personal-centre.profile.add'),
            'edit-user-name',
          )}
        </Space>
      ),
    },
    {
      key: 'company',
      label: t('personal-centre.profile.company'),
      children: (
        <Space size={4} wrap>
          <Value empty={!user.user_company_name}>
            <span data-testid="profile-company">{user.user_company_name || unset}</span>
          </Value>
          {isMain
            ? action(
                'company',
                t(user.user_company_name ? 'personal-centre.profile.modify' : 'personal-centre.profile.add'),
                'edit-company',
              )
            : null}
        </Space>
      ),
    },
    {
      key: 'phone',
      label: t('personal-centre.profile.phone'),
      children: (
        <Space size={4} wrap>
          <span data-testid="profile-phone">
            {user.phone_number ? `+${user.area} ${maskPhone(user.phone_number)}` : unset}
          </span>
          {action(
            'password',
            t(user.has_password ? 'personal-centre.profile.changePassword' : 'personal-centre.profile.setPassword'),
            'change-password',
          )}
        </Space>
      ),
    },
    {
      key: 'userId',
      label: t('personal-centre.profile.userId'),
      children: (
        <Space size={8}>
          <span data-testid="profile-user-id">{user.user_id}</span>
          <Tag color={isMain ? 'processing' : 'default'} data-testid="profile-account-type">
            {t(isMain ? 'layout.mainAccount' : 'layout.subAccount')}
          </Tag>
        </Space>
      ),
    },
    {
      key: 'email',
      label: t('personal-centre.profile.email'),
      children: <Value empty={!user.email}>{user.email || unset}</Value>,
    },
    {
      key: 'wechat',
      label: t('personal-centre.profile.wechat'),
      children: user.we_chat_open_id ? (
        <Space size={4} wrap>
          <WechatOutlined style={{ color: '#07c160' }} />
          <span data-testid="profile-wechat">{user.we_chat_nickname || t('personal-centre.wechat.boundNoName')}</span>
          <Popconfirm
            title={t('personal-centre.wechat.unbindConfirm')}
            okText={t('personal-centre.wechat.unbind')}
            cancelText={t('common.cancel')}
            okButtonProps={{ danger: true, loading: unbind.isPending, 'data-testid': 'wechat-unbind-confirm' }}
            disabled={!editProfile.allowed}
            onConfirm={() =>
              unbind
                .mutateAsync()
                .then(() => notify.success(t('personal-centre.wechat.unbound')))
                // The API client has already shown the failure.
                .catch(() => undefined)
            }
          >
            <AuthButton
              type="link"
              size="small"
              danger
              permission={PERMISSIONS.personalCenter.editProfile}
              data-testid="wechat-unbind"
              className={styles.action}
            >
              {t('personal-centre.wechat.unbind')}
            </AuthButton>
          </Popconfirm>
        </Space>
      ) : (
        <Space size={4} wrap>
          <Value empty>
            <span data-testid="profile-wechat">{t('personal-centre.wechat.notBound')}</span>
          </Value>
          {action('wechat', t('personal-centre.wechat.bind'), 'wechat-bind')}
        </Space>
      ),
    },
  ];

  return (
    <Card title={t('personal-centre.profile.title')} className={styles.card} data-testid="profile-card">
      <dl className={styles.profile}>
        {items.map((item) => (
          <div key={item.key} className={styles.profileItem}>
            <dt>{item.label}</dt>
            <dd>{item.children}</dd>
          </div>
        ))}
      </dl>
      <Suspense fallback={null}>
        {opened.has('userName') ? (
          <UserNameDialog open={dialog === 'userName'} onClose={close} current={user.user_name} />
        ) : null}
        {opened.has('company') ? (
          <CompanyDialog open={dialog === 'company'} onClose={close} current={user.user_company_name} />
        ) : null}
        {opened.has('password') ? (
          <PasswordDialog
            open={dialog === 'password'}
            onClose={close}
            hasPassword={user.has_password}
            phone={user.phone_number}
          />
        ) : null}
        {opened.has('wechat') ? (
          <WechatBindDialog
            open={dialog === 'wechat'}
            onClose={close}
            hasPassword={user.has_password}
            phone={user.phone_number}
          />
        ) : null}
      </Suspense>
    </Card>
  );
}

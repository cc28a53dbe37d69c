import { CopyOutlined, UserAddOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Empty, Input, List, Modal, Skeleton, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { appConfig } from '../../shared/app-config.ts';
import { formatDate, formatTime } from '../../shared/format.ts';
import { notify } from '../../shared/notify.ts';
import { inviteCodeQuery, inviteLogQuery } from './api/invitations.ts';
import styles from './components/personal-centre.module.css';
import { copyText, inviteFriendsUrl } from './invite-links.ts';

/**
 * The invitations dialog (docs/product.md "Personal centre page"): the invite link with copy, the
 * invite-friends page of the selection product, and who registered with the code.
 */
export function InvitationsDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const code = useQuery(inviteCodeQuery);
  const log = useQuery(inviteLogQuery);

  const onCopy = async () => {
    if (!code.data) return;
    if (await copyText(code.data.invite_url)) notify.success(t('personal-centre.invitations.copied'));
    else notify.warning(t('personal-centre.invitations.copyFailed'));
  };

  return (
    <Modal open={open} onCancel={onClose} footer={null} width={720} title={t('personal-centre.invitations.title')}>
      <div data-testid="invitations-dialog">
        <div className={styles.inviteBox}>
          <Typography.Text type="secondary" id="invite-link-label">
            {t('personal-centre.invitations.linkLabel')}
          </Typography.Text>
          {code.isPending ? (
            <Skeleton.Input active block />
          ) : (
            <Space.Compact block>
              <Input
                readOnly
                value={code.data?.invite_url ?? ''}
                aria-labelledby="invite-link-label"
                data-testid="invite-link"
                onFocus={(e) => e.target.select()}
              />
              <Button
                icon={<CopyOutlined />}
                onClick={() => void onCopy()}
                disabled={!code.data}
                data-testid="invite-copy"
              >
                {t('personal-centre.invitations.copy')}
              </Button>
            </Space.Compact>
          )}
          <div className={styles.inviteActions}>
            {code.data ? (
              <Typography.Text type="secondary">
                {t('personal-centre.invitations.yourCode')}{' '}
                <Typography.Text strong copyable data-testid="invite-code">
                  {code.data.invite_code}
                </Typography.Text>
              </Typography.Text>
            ) : (
              <span />
            )}
            <Button
              type="primary"
              icon={<UserAddOutlined />}
              disabled={!code.data}
              href={code.data ? inviteFriendsUrl(appConfig.selectionInviteUrl, code.data) : undefined}
              target="_blank"
              rel="noopener noreferrer"
              data-testid="invite-friends"
            >
              {t('personal-centre.invitations.inviteFriends')}
            </Button>
          </div>
        </div>

        <Typography.Title level={5} className={styles.inviteListTitle}>
          {t('personal-centre.invitations.listTitle')}
        </Typography.Title>
        <List
          loading={log.isPending}
          dataSource={log.data ?? []}
          className={styles.inviteList}
          data-testid="invite-log"
          locale={{
            emptyText: (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('personal-centre.invitations.empty')} />
            ),
          }}
          renderItem={(item) => (
            <List.Item
              key={`${item.invitee_uid}-${item.created_at}`}
              extra={
                <Space size={8}>
                  <Tag color="green" className={styles.days}>
                    {t('personal-centre.invitations.plusDays', { count: item.inviter_given_days })}
                  </Tag>
                  <Tag color="processing">{t('personal-centre.invitations.selectionService')}</Tag>
                </Space>
              }
              data-testid="invite-log-item"
            >
              <List.Item.Meta
                title={t('personal-centre.invitations.invitee', { uid: item.invitee_uid })}
                description={
                  <Space size={12}>
                    <span>{formatDate(item.created_at)}</span>
                    <span>{formatTime(item.created_at)}</span>
                  </Space>
                }
              />
            </List.Item>
          )}
        />
      </div>
    </Modal>
  );
}

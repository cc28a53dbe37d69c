import { useQuery } from '@tanstack/react-query';
import { Space, Spin, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { roleUsersQuery } from '../api.ts';

/** The accounts holding a role, shown when its people count is expanded. */
export function RoleUsers({ roleId }: { roleId: number }) {
  const { t } = useTranslation();
  const query = useQuery(roleUsersQuery(roleId));
  if (query.isPending) return <Spin size="small" />;
  if (query.isError) return <Typography.Text type="danger">{t('roles.users.loadFailed')}</Typography.Text>;
  return (
    <Space size={[8, 8]} wrap data-testid={`role-users-${roleId}`}>
      <Typography.Text type="secondary">{t('roles.users.title')}</Typography.Text>
      {query.data.length ? (
        query.data.map((user) => (
          <Tag key={user.user_id} bordered={false} color="processing">
            {user.user_name}
          </Tag>
        ))
      ) : (
        <Typography.Text type="secondary">{t('roles.users.none')}</Typography.Text>
      )}
    </Space>
  );
}

import { AuditOutlined } from '@ant-design/icons';
import { lazy } from 'react';
import { defineOpsRoute } from '../../../shared/ops/ops-route.ts';

export default defineOpsRoute({
  path: 'warehouse-money',
  order: 45,
  titleKey: 'ops-warehouse-money.nav',
  icon: <AuditOutlined />,
  page: lazy(() => import('./warehouse-money-page.tsx')),
});

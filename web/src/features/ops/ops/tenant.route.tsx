import { IdcardOutlined } from '@ant-design/icons';
import { lazy } from 'react';
import { defineOpsRoute } from '../../../shared/ops/ops-route.ts';

export default defineOpsRoute({
  path: 'tenants',
  order: 50,
  titleKey: 'ops-tenant.nav',
  icon: <IdcardOutlined />,
  page: lazy(() => import('./tenant-page.tsx')),
});

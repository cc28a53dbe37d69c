import { ShopOutlined } from '@ant-design/icons';
import { lazy } from 'react';
import { defineOpsRoute } from '../../../shared/ops/ops-route.ts';

export default defineOpsRoute({
  path: 'warehouse',
  order: 40,
  titleKey: 'ops.nav.warehouse',
  icon: <ShopOutlined />,
  page: lazy(() => import('./warehouse-page.tsx')),
});

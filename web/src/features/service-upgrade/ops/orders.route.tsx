import { FileSearchOutlined } from '@ant-design/icons';
import { lazy } from 'react';
import { defineOpsRoute } from '../../../shared/ops/ops-route.ts';

export default defineOpsRoute({
  path: 'orders',
  order: 20,
  titleKey: 'ops.nav.orders',
  icon: <FileSearchOutlined />,
  page: lazy(() => import('./orders-page.tsx')),
});

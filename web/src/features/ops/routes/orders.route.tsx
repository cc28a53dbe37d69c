import { FileSearchOutlined } from '@ant-design/icons';
import { lazy } from 'react';
import { defineOpsRoute } from '../ops-route.ts';

export default defineOpsRoute({
  path: 'orders',
  order: 20,
  titleKey: 'ops.nav.orders',
  icon: <FileSearchOutlined />,
  page: lazy(() => import('../pages/orders-page.tsx')),
});

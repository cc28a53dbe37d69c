import { SolutionOutlined } from '@ant-design/icons';
import { lazy } from 'react';
import { defineOpsRoute } from '../ops-route.ts';

export default defineOpsRoute({
  path: 'supplier-applications',
  order: 40,
  titleKey: 'supplier.ops.nav',
  icon: <SolutionOutlined />,
  page: lazy(() => import('../pages/supplier-applications-page.tsx')),
});

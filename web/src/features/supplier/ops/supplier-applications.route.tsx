import { SolutionOutlined } from '@ant-design/icons';
import { lazy } from 'react';
import { defineOpsRoute } from '../../../shared/ops/ops-route.ts';

export default defineOpsRoute({
  path: 'supplier-applications',
  order: 40,
  titleKey: 'supplier.ops.nav',
  icon: <SolutionOutlined />,
  page: lazy(() => import('./supplier-applications-page.tsx')),
});
